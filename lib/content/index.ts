import "server-only";

/**
 * Content: blogs, CMS pages, home page sliders and testimonials, and the contact, enquiry and
 * newsletter forms. (The shop's business settings, which every domain reads, are
 * lib/platform/settings.ts.)
 *
 * This file is the domain's server API: pages, route handlers and other domains import from here.
 * Pure modules that client code may use sit beside it: policies.ts and faqs.ts (the policy pages'
 * text from the shop's rules), enquiries.ts (the enquiry pages), schemas.ts (zod).
 */

export { saveContactMessage } from "./server/contact";
export { addGrievanceNote, countWaitingGrievances, fileGrievance, getGrievance, type Grievance, type GrievanceDetail, GRIEVANCE_MESSAGES, type GrievanceNote,  type GrievancePage, listGrievances, updateGrievance } from "./server/grievances";
export { getPolicyText, listPolicyTexts, type PolicyText, setPolicyText } from "./server/policy-admin";
export { createListRow, deleteListRow, LIST_ADMIN_MESSAGES, listAdminRows, type ListRow, moveListRow, setSliderPhoto, updateListRow } from "./server/home-admin";
export { blogClock, type BlogPost, type FaqRow, listFaqs, type BlogSummary, type CmsPage, findContentRedirect, getBlogBySlug, getBlogPreview, getCategorySlugById, getCmsPage, getCmsPagePreview, listBlogs, listSliders, listTestimonials, type Slide, type Testimonial } from "./server/content";
export {
  type AdminBlogPost,
  type AdminCmsPage,
  type AdminContentPage,
  BANNER_MESSAGES,
  BANNER_UPLOAD,
  CONTENT_ADMIN_MESSAGES,
  createBlog,
  createPage,
  deleteBlog,
  deletePage,
  getAdminBlog,
  getAdminPage,
  listAdminBlogs,
  listAdminPages,
  pageCategoryChoices,
  readContentFile,
  setBlogBanner,
  updateBlog,
  updatePage,
} from "./server/content-admin";
export { type BusinessSettingsView, getBusinessSettingsForEdit, LOGO_MAX_BYTES, setLogo, SETTINGS_ADMIN_MESSAGES, updateBusinessSettings } from "./server/settings-admin";
export { ENQUIRY_TEAMS, saveEnquiry } from "./server/enquiries";
export { subscribe } from "./server/newsletter";
export {
  addInboxNote,
  assignInboxItem,
  countNewInbox,
  exportSubscribers,
  getInboxItem,
  INBOX_MESSAGES,
  type InboxItem,
  type InboxItemDetail,
  type InboxNote,
  type InboxPage,
  type InboxPerson,
  type InboxReply,
  type InboxReplyOutcome,
  listInbox,
  listInboxAssignees,
  listSubscribers,
  replyToInboxItem,
  setInboxStatus,
  type Subscriber,
  type SubscriberPage,
  updateInboxItem,
} from "./server/inbox";
