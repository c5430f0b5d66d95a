"use server";

import { refresh } from "next/cache";
import { actionInput, assertCan, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { CONTENT_ADMIN_MESSAGES, createBlog, createPage, deleteBlog, deletePage, updateBlog, updatePage } from "@/lib/content";
import { blogCreateSchema, blogUpdateSchema, pageCreateSchema, pageUpdateSchema } from "@/lib/content/content-schemas";
import { ApiError } from "@/lib/platform/errors";
import { z } from "@/lib/platform/zod";

/**
 * The blog and CMS page editors' changes (/admin/content/**), on the same services as
 * /api/v2/admin/content/**: each asks can() on the server (the routes' rule: content:create,
 * content:update for fields, content:publish for the state, content:delete), validates with the
 * API's zod schemas (a message per field, nothing written), and the service writes its audit row
 * in the change's own transaction and expires the storefront's cache tags.
 */

const idOf = (id: unknown) => actionInput(z.object({ id: z.number().int().min(1).max(2_147_483_647) }), { id }).id;

export async function createBlogAction(input: unknown): Promise<ActionResult<{ id: number }>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("content", "create");
    const data = actionInput(blogCreateSchema, input);
    if (data.published) assertCan(staff, "content", "publish");
    const post = await createBlog(data, staff.actor);
    return { ok: true, message: CONTENT_ADMIN_MESSAGES.blogCreated, data: { id: post.id } };
  });
}

export async function saveBlogAction(id: unknown, input: unknown): Promise<ActionResult<{ id: number }>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("content", "read");
    const postId = idOf(id);
    const data = actionInput(blogUpdateSchema, input);
    const { published, published_at, ...fields } = data;
    if (Object.values(fields).some((v) => v !== undefined)) assertCan(staff, "content", "update");
    if (published !== undefined || published_at !== undefined) assertCan(staff, "content", "publish");
    const post = await updateBlog(postId, data, staff.actor);
    if (!post) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.blogNotFound);
    refresh();
    return { ok: true, message: CONTENT_ADMIN_MESSAGES.saved, data: { id: post.id } };
  });
}

export async function deleteBlogAction(id: unknown): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("content", "delete");
    await deleteBlog(idOf(id), staff.actor);
    return { ok: true, message: CONTENT_ADMIN_MESSAGES.blogDeleted };
  });
}

export async function createPageAction(input: unknown): Promise<ActionResult<{ id: number }>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("content", "create");
    const data = actionInput(pageCreateSchema, input);
    if (data.published) assertCan(staff, "content", "publish");
    const page = await createPage(data, staff.actor);
    return { ok: true, message: CONTENT_ADMIN_MESSAGES.pageCreated, data: { id: page.id } };
  });
}

export async function savePageAction(id: unknown, input: unknown): Promise<ActionResult<{ id: number }>> {
  return staffAction(async () => {
    const staff = await requireStaffAction("content", "read");
    const pageId = idOf(id);
    const data = actionInput(pageUpdateSchema, input);
    const { published, ...fields } = data;
    if (Object.values(fields).some((v) => v !== undefined)) assertCan(staff, "content", "update");
    if (published !== undefined) assertCan(staff, "content", "publish");
    const page = await updatePage(pageId, data, staff.actor);
    if (!page) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.pageNotFound);
    refresh();
    return { ok: true, message: CONTENT_ADMIN_MESSAGES.saved, data: { id: page.id } };
  });
}

export async function deletePageAction(id: unknown): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("content", "delete");
    await deletePage(idOf(id), staff.actor);
    return { ok: true, message: CONTENT_ADMIN_MESSAGES.pageDeleted };
  });
}
