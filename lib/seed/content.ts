/**
 * Site content of the Kesar Home demo: brand settings, sliders, blog articles, CMS pages,
 * testimonials, coupons and the demo customer. All dates are fixed ISO strings.
 */
import type { CouponKind } from "../platform/db/schema";
import type { Look, Theme } from "./scenes";

export const BRAND = {
  websiteName: "Kesar Home",
  company: "Kesar Furnishing Company",
  address: "14 Shahpur Jat, Near Asiad Village, New Delhi, Delhi 110049",
  phone: "9810012345",
  secondaryPhone: "9810067890",
  email: "care@kesarhome.in",
} as const;

/** Timestamp used for rows that are not meant to look dated (settings, coupons, users). */
export const SEED_EPOCH = "2025-01-06T09:00:00.000Z";

export const MEDIA = {
  headerLogo: "/media/brand/logo-header.webp",
  footerLogo: "/media/brand/logo-footer.webp",
  siteIcon: "/media/brand/site-icon.png",
  logoMark: "/media/brand/logo-mark.webp",
} as const;

export const BUSINESS_SETTINGS: Array<{ type: string; value: string }> = [
  { type: "header_logo_path", value: MEDIA.headerLogo },
  { type: "footer_logo_path", value: MEDIA.footerLogo },
  { type: "site_icon_path", value: MEDIA.siteIcon },
  { type: "loading_logo_path", value: MEDIA.logoMark },
  { type: "website_name", value: BRAND.websiteName },
  { type: "company_name", value: BRAND.company },
  { type: "header_top", value: "Free shipping across India on orders above ₹499 · Made-to-measure curtains and blinds" },
  { type: "website_topbar_content", value: "The Festive Edit is here: hand block prints, zari runners and velvet cushions." },
  { type: "topbar_link_name", value: "Shop the edit" },
  { type: "topbar_banner_link", value: "/festive-collection" },
  { type: "contact_email", value: BRAND.email },
  { type: "contact_phone", value: BRAND.phone },
  { type: "secondary_phone", value: BRAND.secondaryPhone },
  { type: "contact_address", value: BRAND.address },
  { type: "facebook_link", value: "https://www.facebook.com/kesarhome" },
  { type: "twitter_link", value: "https://x.com/kesarhome" },
  { type: "instagram_link", value: "https://www.instagram.com/kesarhome" },
  { type: "youtube_link", value: "https://www.youtube.com/@kesarhome" },
  { type: "linkedin_link", value: "https://www.linkedin.com/company/kesar-furnishing-company" },
  { type: "whatsapp_link", value: `https://wa.me/91${BRAND.phone}` },
  {
    type: "about_us_description",
    value:
      "<p>Kesar Home is a home-furnishing studio in Shahpur Jat, New Delhi, run by the Kesar Furnishing Company. For over fifteen years we have worked with block printers in Bagru and Sanganer, ikat weavers in Pochampally, dhurrie weavers in Panipat and woodworkers in Jodhpur to bring honest, well-made textiles and furniture into Indian homes.</p>" +
      "<p>Visit our store for fabric swatches, free design advice and made-to-measure curtains, blinds and upholstery, or shop online with delivery across India.</p>",
  },
  { type: "copyright_text", value: "© 2025 Kesar Home. All rights reserved." },
  { type: "meta_title", value: "Kesar Home | Curtains, Bedding, Rugs & Solid Wood Furniture Online in India" },
  {
    type: "meta_keywords",
    value: "curtains online India, block print curtains, blinds, wallpaper, upholstery fabric, bedsheets, jaipuri razai, cushion covers, dhurrie, rugs, table runner, bath towels, sheesham furniture, Kesar Home",
  },
  {
    type: "meta_description",
    value: "Shop hand block-printed curtains, made-to-measure blinds, wallpaper, bedding, cushions, dhurries, table and bath linen and solid wood furniture from Kesar Home, New Delhi. Free shipping above ₹499.",
  },
  { type: "csrf_token", value: "" },
  { type: "map_embed_url", value: "https://maps.google.com/maps?q=Shahpur%20Jat%2C%20New%20Delhi%20110049&z=15&output=embed" },
  { type: "return_window_days", value: "7" },
  { type: "restocking_fee_percent", value: "10" },
  // Shipping and delivery (lib/cart/server/shipping.ts): rupees and business days before dispatch; the
  // transit days are the delivery zones' (docs/storefront.md "Delivery check").
  { type: "shipping_standard_fee", value: "99" },
  { type: "shipping_express_extra_fee", value: "150" },
  { type: "dispatch_days_in_stock", value: "3" },
  { type: "dispatch_days_made_to_order", value: "20-25" },
  { type: "dispatch_days_express", value: "1-1" },
  { type: "gst_default_rate", value: "18" },
  // Checkout, payments and GST invoices (lib/orders/server/order-state.ts, lib/orders/server/invoices/).
  { type: "cod_limit", value: "50000" },
  { type: "online_payment_timeout_minutes", value: "30" },
  { type: "refund_window_days", value: "7" },
  { type: "invoice_prefix", value: "KH" },
  { type: "max_open_orders", value: "5" },
  // The seller on GST invoices (lib/orders/server/invoices/data.ts). A demo GSTIN with a valid check character.
  { type: "seller_legal_name", value: BRAND.company },
  { type: "seller_gstin", value: "07AAKFK4821M1Z0" },
  { type: "seller_address", value: BRAND.address },
  { type: "seller_state", value: "Delhi" },
  { type: "business_hours", value: "Mon–Sat 10:30 am – 8:00 pm, Sun 11:00 am – 6:00 pm" },
];

export type SliderSeed = {
  heading: string;
  subheading: string;
  file: string;
  url: string;
  linkText: string;
  buttonText: string;
  look: Look;
  theme: Theme;
};

export const SLIDERS: SliderSeed[] = [
  {
    heading: "The Festive Edit",
    subheading: "Hand block prints, zari runners and velvet cushions to dress your home for the season of lights.",
    file: "festive-edit",
    url: "/festive-collection",
    linkText: "Festive Collection",
    buttonText: "Shop the Edit",
    look: { family: "cushions", item: "cushion", pattern: "block", motif: "paisley", palette: "madder-ivory", alt: "indigo", wood: "sheesham", seed: 501 },
    theme: "festive",
  },
  {
    heading: "Curtains for the Monsoon",
    subheading: "Linen sheers and lined cottons that dry quickly and turn grey skies into soft, even light.",
    file: "monsoon-curtains",
    url: "/category/curtains",
    linkText: "Curtains",
    buttonText: "Shop Curtains",
    look: { family: "curtains", item: "curtain", pattern: "dabu", motif: "paisley", palette: "indigo", alt: "madder", wood: "sheesham", seed: 502 },
    theme: "monsoon",
  },
  {
    heading: "Sleep in Hand-Block Cotton",
    subheading: "Jaipuri razais, mulmul dohars and bedsheets printed by hand in Rajasthan.",
    file: "hand-block-bedding",
    url: "/category/bedding",
    linkText: "Bedding",
    buttonText: "Shop Bedding",
    look: { family: "bedding", item: "bedding", pattern: "block", motif: "rosette", palette: "saffron", alt: "madder", wood: "sheesham", seed: 503 },
    theme: "day",
  },
  {
    heading: "Made-to-Order Sheesham Furniture",
    subheading: "Sofas, beds and dining tables built in Jodhpur workshops and installed in your home.",
    file: "sheesham-furniture",
    url: "/category/furniture",
    linkText: "Furniture",
    buttonText: "Explore Furniture",
    look: { family: "furniture", item: "sofa", pattern: "velvet", motif: "rosette", palette: "peacock", alt: "madder", wood: "sheesham", seed: 504 },
    theme: "evening",
  },
];

export type BlogSeed = {
  title: string;
  slug: string;
  author: string;
  publishedAt: string;
  short: string;
  html: string;
  metaTitle: string;
  metaDescription: string;
  look: Look;
  theme: Theme;
};

export const BLOGS: BlogSeed[] = [
  {
    title: "Choosing Curtains for the Monsoon",
    slug: "choosing-curtains-for-the-monsoon",
    author: "Meera Kapoor",
    publishedAt: "2026-05-20T06:30:00.000Z",
    short: "Damp air, grey light and sudden showers: how to pick curtain fabrics, linings and lengths that stay fresh from June to September.",
    metaTitle: "How to Choose Curtains for the Monsoon | Kesar Home Journal",
    metaDescription: "Fabrics, linings, lengths and care tips for curtains that stay fresh and mould-free through the Indian monsoon.",
    look: { family: "curtains", item: "sheer", pattern: "slub", motif: "rosette", palette: "ivory", alt: "sand", wood: "sheesham", seed: 601 },
    theme: "monsoon",
    html:
      "<p>The first rains are a relief after a long summer, but they also bring damp walls, musty cupboards and curtains that never quite dry. A little planning before June keeps windows looking fresh all season.</p>" +
      "<h2>Pick fabrics that breathe</h2>" +
      "<p>Natural fibres such as cotton and linen let moisture escape, so they are less likely to smell or spot with mildew. Tightly woven synthetics hold damp against the window. If you love the look of velvet, save it for rooms with good cross-ventilation.</p>" +
      "<ul><li><strong>Linen and linen blends</strong> dry quickly and look good slightly creased.</li><li><strong>Mid-weight cottons</strong> such as block prints and ikats are easy to wash at home.</li><li><strong>Sheers</strong> turn flat grey daylight into soft, even light.</li></ul>" +
      "<h2>Mind the hem</h2>" +
      "<p>Floor-puddling curtains look romantic, but in the monsoon they soak up water from wet floors and mops. Choose a length that ends a centimetre above the floor, or a 7 ft drop for windows near balconies.</p>" +
      "<h2>Linings and layers</h2>" +
      "<p>A detachable cotton lining protects the face fabric from sun and rain spray and can be washed separately. Layer a sheer behind a printed panel so you can keep the heavier curtain open on dull days.</p>" +
      "<h2>Care through the season</h2>" +
      "<ol><li>Open windows for an hour on dry afternoons to move damp air.</li><li>Vacuum folds every fortnight; dust holds moisture.</li><li>Wash cotton panels as soon as the rains end and dry them in shade.</li></ol>" +
      "<p>Our <a href=\"/monsoon-curtains\">monsoon curtain edit</a> brings together linens, sheers and quick-drying cottons that suit the season.</p>",
  },
  {
    title: "Bagru, Sanganer and the Art of Hand Block Printing",
    slug: "bagru-sanganer-hand-block-printing",
    author: "Rohan Verma",
    publishedAt: "2026-01-12T05:00:00.000Z",
    short: "Two villages near Jaipur, two very different styles of printing by hand. Here is how to tell them apart and why the small imperfections matter.",
    metaTitle: "Bagru vs Sanganer: A Guide to Hand Block Printing | Kesar Home",
    metaDescription: "Learn how hand block printing works in Bagru and Sanganer, how dabu mud-resist differs from Sanganeri florals, and how to care for block prints.",
    look: { family: "bedding", item: "bedding", pattern: "block", motif: "paisley", palette: "madder-ivory", alt: "indigo-ivory", wood: "sheesham", seed: 602 },
    theme: "day",
    html:
      "<p>Drive an hour south-west of Jaipur and you reach Bagru; drive twenty minutes south and you are in Sanganer. Both villages have printed cloth by hand for centuries, yet their fabrics look remarkably different.</p>" +
      "<h2>How a block print is made</h2>" +
      "<p>Every design begins as a drawing traced onto a block of seasoned sheesham. A carver chisels away the background, leaving the motif raised. Printers dip the block in colour, press it onto cloth stretched on a long padded table and strike the back with their palm. A single bedsheet can take more than a thousand impressions.</p>" +
      "<h2>Bagru: earth and indigo</h2>" +
      "<p>Bagru is known for <em>dabu</em>, a mud-resist paste of clay, lime and gum. Printers stamp the paste on, dust it with sawdust and dye the cloth in indigo or iron-rust black. The mud cracks as it dries, so fine veins of colour creep into the pale motifs.</p>" +
      "<h2>Sanganer: florals on white</h2>" +
      "<p>Sanganeri prints favour delicate flowers and buti on bright white grounds, printed with several blocks for each colour. The effect is lighter and more precise, ideal for summer bedding and kurtas.</p>" +
      "<h2>Why irregularities are good news</h2>" +
      "<ul><li>A slight shift where blocks meet shows the print was placed by hand.</li><li>Uneven colour intensity comes from the pressure of the printer's palm.</li><li>A faint halo around motifs is typical of natural dyes.</li></ul>" +
      "<h2>Caring for block prints</h2>" +
      "<p>Wash in cold water with a mild detergent, separately for the first few washes, and dry in shade. Colours will mellow gracefully over the years.</p>",
  },
  {
    title: "How to Care for Silk and Velvet Cushions",
    slug: "caring-for-silk-and-velvet-cushions",
    author: "Farah Qureshi",
    publishedAt: "2026-02-03T07:15:00.000Z",
    short: "Raw silk and velvet bring richness to a sofa, but they need a gentle hand. Simple habits that keep them looking new for years.",
    metaTitle: "Caring for Silk and Velvet Cushion Covers | Kesar Home Journal",
    metaDescription: "Everyday care, stain removal and storage tips for silk and velvet cushion covers in Indian homes.",
    look: { family: "cushions", item: "cushion", pattern: "silk", motif: "rosette", palette: "saffron", alt: "plum", wood: "sheesham", seed: 603 },
    theme: "evening",
    html:
      "<p>Silk and velvet cushions are the jewellery of a living room. They catch lamplight and make even a plain sofa feel festive. With a little care they last for many seasons.</p>" +
      "<h2>Everyday habits</h2>" +
      "<ul><li>Plump and turn cushions daily so the pile and fillers wear evenly.</li><li>Keep them out of direct afternoon sun; silk fades quickly.</li><li>Brush velvet gently along the pile with a soft clothes brush once a week.</li></ul>" +
      "<h2>When spills happen</h2>" +
      "<p>Blot, never rub. Press a clean white cloth onto the spill to lift as much as possible. For velvet, a cloth dampened with cold water is usually enough; let it dry and brush the pile back up. Silk water-marks easily, so take stained covers to a dry cleaner rather than treating them at home.</p>" +
      "<h2>Storing between seasons</h2>" +
      "<p>Many families swap silk for cotton in summer. Store silk covers folded in muslin, never in plastic, with a few neem leaves or cedar blocks to keep insects away. Roll velvet instead of folding it so it does not crease.</p>" +
      "<h2>Fillers matter too</h2>" +
      "<p>A tired filler makes any cover look sad. Air fillers in the sun once a month and replace microfibre fillers every two years.</p>",
  },
  {
    title: "A Beginner's Guide to Dhurries",
    slug: "beginners-guide-to-dhurries",
    author: "Rohan Verma",
    publishedAt: "2026-02-21T06:00:00.000Z",
    short: "Flat-woven, reversible and easy to wash, the humble dhurrie may be the most practical rug for Indian homes. What to look for when you buy one.",
    metaTitle: "Dhurrie Buying Guide: Sizes, Weaves and Care | Kesar Home",
    metaDescription: "Everything you need to know about cotton and wool dhurries: panja weaving, sizes, placement and care.",
    look: { family: "rugs", item: "rug", pattern: "kilim", motif: "rosette", palette: "indigo", alt: "madder", wood: "teak", seed: 604 },
    theme: "day",
    html:
      "<p>Long before tufted carpets arrived, Indian homes were furnished with dhurries: flat-woven cotton rugs laid out for guests, prayers and afternoon naps. They are still one of the smartest buys for a modern home.</p>" +
      "<h2>What makes a good dhurrie</h2>" +
      "<ul><li><strong>Density.</strong> A well-beaten panja weave feels heavy for its size and lies flat.</li><li><strong>Straight edges.</strong> The sides should run true without waves.</li><li><strong>Even tension.</strong> Hold it up to the light; thin patches mean loose weaving.</li></ul>" +
      "<h2>Choosing a size</h2>" +
      "<p>Beside a bed, a 2 x 3 ft or 4 x 6 ft dhurrie feels warm underfoot in the morning. In a living room, choose 5 x 8 ft for a compact seating area or 8 x 10 ft to sit under the front legs of every sofa and chair.</p>" +
      "<h2>Cotton or wool?</h2>" +
      "<p>Cotton dhurries are light, washable and cool, perfect for most of the year. Wool dhurries are warmer and more stain-resistant, which suits north Indian winters.</p>" +
      "<h2>Care</h2>" +
      "<p>Shake out or vacuum weekly, rotate every few months, and flip the dhurrie over when one side starts to fade. Small cotton dhurries can go into a large washing machine on a gentle cycle.</p>",
  },
  {
    title: "Wallpaper in Humid Indian Homes: What Works",
    slug: "wallpaper-in-humid-climates",
    author: "Meera Kapoor",
    publishedAt: "2026-03-10T08:00:00.000Z",
    short: "Peeling seams and damp patches are not inevitable. How to choose and hang wallpaper that survives Mumbai humidity and Delhi monsoons.",
    metaTitle: "Wallpaper for Humid Climates in India | Kesar Home Journal",
    metaDescription: "Non-woven vs vinyl, wall preparation, adhesives and ventilation: how to make wallpaper last in humid Indian cities.",
    look: { family: "wallpaper", item: "wallpaper", pattern: "leaf", motif: "rosette", palette: "leaf-ivory", alt: "indigo-ivory", wood: "teak", seed: 605 },
    theme: "day",
    html:
      "<p>Wallpaper has made a big comeback in Indian homes, but humidity is its natural enemy. The good news is that most failures come from the wall, not the paper.</p>" +
      "<h2>Start with a dry wall</h2>" +
      "<p>Check for seepage before anything else. Press a piece of clear tape on the wall overnight; if moisture collects beneath it, fix the source first. New plaster needs at least four weeks to cure.</p>" +
      "<h2>Choose the right base</h2>" +
      "<ul><li><strong>Non-woven</strong> papers breathe, so trapped moisture can escape. They are the best all-round choice for bedrooms and living rooms.</li><li><strong>Vinyl</strong> papers are scrubbable and suit kitchens and children's rooms, provided the wall is completely dry.</li></ul>" +
      "<h2>Hang it well</h2>" +
      "<p>Use a fungicidal, humidity-resistant adhesive and prime the wall. Ask your installer to overlap seams by the thinnest possible margin and roll them firmly.</p>" +
      "<h2>Keep air moving</h2>" +
      "<p>Run exhaust fans in bathrooms and kitchens and avoid pushing furniture flat against papered walls; a two-finger gap lets air circulate.</p>" +
      "<p>Not sure which roll suits your room? Bring a photo to our Shahpur Jat store and we will help you choose.</p>",
  },
  {
    title: "A Festive Home Refresh in Ten Small Steps",
    slug: "festive-home-refresh",
    author: "Farah Qureshi",
    publishedAt: "2026-03-02T05:30:00.000Z",
    short: "From Holi lunches to Diwali evenings and wedding visits, small textile changes make a home feel ready for celebration without a renovation.",
    metaTitle: "Festive Home Refresh: Ten Easy Ideas | Kesar Home Journal",
    metaDescription: "Cushion covers, runners, string lights and more: ten quick ways to refresh your home for Holi, Diwali and family celebrations.",
    look: { family: "table-linen", item: "table-runner", pattern: "silk", motif: "rosette", palette: "saffron", alt: "madder", wood: "sheesham", seed: 606 },
    theme: "festive",
    html:
      "<p>Guests are coming, the sweets are ordered and there is no time to repaint. These ten changes take an afternoon and make a real difference.</p>" +
      "<ol>" +
      "<li>Swap everyday cushion covers for raw silk or velvet in saffron, plum or peacock.</li>" +
      "<li>Lay a zari-bordered runner on the dining table.</li>" +
      "<li>Add a floor gaddi or two for extra seating.</li>" +
      "<li>Hang marigold garlands across a doorway.</li>" +
      "<li>String warm lights along curtain rods, well away from the fabric.</li>" +
      "<li>Put out fresh hand towels in the guest bathroom.</li>" +
      "<li>Roll out a bright dhurrie in the entrance.</li>" +
      "<li>Fill brass urlis with water and floating flowers.</li>" +
      "<li>Iron the curtains; crisp folds look instantly cared for.</li>" +
      "<li>Set out a basket of dohars for relatives staying the night.</li>" +
      "</ol>" +
      "<h2>A word on safety</h2>" +
      "<p>Keep diyas and candles at least a metre from curtains and upholstery, and never leave them burning in an empty room.</p>" +
      "<p>See our <a href=\"/festive-collection\">Festive Collection</a> for pieces that bring the season home.</p>",
  },
  {
    title: "How to Layer a Bed the Indian Way",
    slug: "how-to-layer-a-bed",
    author: "Meera Kapoor",
    publishedAt: "2026-04-06T06:45:00.000Z",
    short: "Bedsheet, dohar, razai and a kantha at the foot: a guide to layering bedding that adapts from hot afternoons to winter nights.",
    metaTitle: "How to Layer Bedding for Every Indian Season | Kesar Home",
    metaDescription: "Layer bedsheets, dohars, razais and quilts for comfort through Indian summers, monsoons and winters.",
    look: { family: "bedding", item: "bedding", pattern: "dabu", motif: "rosette", palette: "indigo", alt: "leaf", wood: "mango", seed: 607 },
    theme: "evening",
    html:
      "<p>Few countries have seasons as varied as ours. A well-layered bed lets you add and remove warmth without changing everything.</p>" +
      "<h2>The base</h2>" +
      "<p>Start with a cotton bedsheet: percale for a cool, crisp feel or a hand block print for colour. Tuck it firmly; a loose sheet is the quickest way to make a bed look untidy.</p>" +
      "<h2>The middle layer</h2>" +
      "<p>A mulmul dohar is the all-season hero. It is enough on its own under a ceiling fan in March and sits comfortably under a razai in December.</p>" +
      "<h2>The warm layer</h2>" +
      "<p>From November, add a Jaipuri razai. Its hand-carded cotton traps warm air without weight. In very cold homes, a duvet in a linen cover works well too.</p>" +
      "<h2>The finishing touch</h2>" +
      "<ul><li>Fold a kantha quilt across the foot of the bed for colour and an extra layer.</li><li>Use two sleeping pillows and one or two cushions; more than that gets in the way.</li><li>Repeat one colour from the bedding in a cushion or runner elsewhere in the room.</li></ul>",
  },
  {
    title: "Towels for Humid Cities: A Guide to GSM and Weaves",
    slug: "towels-gsm-guide",
    author: "Ananya Iyer",
    publishedAt: "2026-04-22T07:30:00.000Z",
    short: "Why your plush towel never dries in Chennai, and what to buy instead. Understanding GSM, zero-twist yarn, waffle weave and the gamcha.",
    metaTitle: "How to Choose Towels: GSM, Zero-Twist and Gamchas | Kesar Home",
    metaDescription: "A practical guide to towel weight (GSM), yarn and weave for humid Indian cities, plus care tips to keep towels soft.",
    look: { family: "bath-linen", item: "towels", pattern: "terry", motif: "rosette", palette: "ivory", alt: "sky", wood: "white", seed: 608 },
    theme: "day",
    html:
      "<p>A thick hotel towel feels wonderful on the first day, but in a humid city it can stay damp until evening and start to smell. Matching the towel to your climate makes a big difference.</p>" +
      "<h2>What GSM tells you</h2>" +
      "<ul><li><strong>300–400 GSM:</strong> light and fast-drying, good for gyms, travel and very humid coastal cities.</li><li><strong>400–550 GSM:</strong> the everyday middle ground.</li><li><strong>550–650 GSM:</strong> plush and absorbent, best where bathrooms are well ventilated.</li></ul>" +
      "<h2>Yarn and weave</h2>" +
      "<p>Zero-twist yarn makes loops airy, so towels feel soft and dry faster than their weight suggests. Waffle weaves absorb well while staying thin. And the handloom gamcha, thin and checked, dries in under an hour.</p>" +
      "<h2>Keep them soft</h2>" +
      "<ol><li>Wash new towels before use to remove the finishing.</li><li>Skip fabric softener; it coats the loops and reduces absorbency.</li><li>Shake towels hard before hanging them to fluff the pile.</li></ol>",
  },
  {
    title: "Sheesham or Mango Wood? Choosing Solid Wood Furniture",
    slug: "sheesham-or-mango-wood",
    author: "Rohan Verma",
    publishedAt: "2026-05-08T06:00:00.000Z",
    short: "Both are Indian hardwoods, both are beautiful, and they behave quite differently. How to choose between sheesham and mango wood for your next piece.",
    metaTitle: "Sheesham vs Mango Wood Furniture: Which to Choose | Kesar Home",
    metaDescription: "Compare sheesham and mango wood for strength, grain, price and care, with tips for looking after solid wood furniture in India.",
    look: { family: "furniture", item: "dining-table", pattern: "plain", motif: "rosette", palette: "sand", alt: "madder", wood: "sheesham", seed: 609 },
    theme: "day",
    html:
      "<p>Solid wood furniture is an investment that should last for decades. Sheesham and mango are the two woods we use most, and each has its place.</p>" +
      "<h2>Sheesham (Indian rosewood)</h2>" +
      "<ul><li>Dense, heavy and very strong, ideal for dining tables and beds.</li><li>Rich brown tones with dark streaks that deepen with age.</li><li>Naturally resistant to termites.</li></ul>" +
      "<h2>Mango wood</h2>" +
      "<ul><li>A sustainable choice: it comes from orchards whose trees no longer fruit.</li><li>Lighter honey tones with lively, sometimes spalted grain.</li><li>Slightly softer, so best for coffee tables, beds and storage rather than heavy-use dining tops.</li></ul>" +
      "<h2>Caring for solid wood</h2>" +
      "<p>Keep furniture away from AC vents and direct sun, which dry the wood and cause cracks. Wipe with a dry cloth, polish with wax every few months, and use coasters for hot cups.</p>" +
      "<p>All our furniture is made to order in Jodhpur and Saharanpur workshops. Visit our store to see and feel both woods before you decide.</p>",
  },
];

export type CmsPageSeed = {
  title: string;
  slug: string;
  shortDesc: string;
  content: string;
  /** Family slug of the category whose products the page lists; null for the whole catalog. */
  categorySlug: string | null;
  metaTitle: string;
  metaDescription: string;
  createdAt: string;
};

export const CMS_PAGES: CmsPageSeed[] = [
  {
    title: "Festive Collection",
    slug: "festive-collection",
    shortDesc: "Colour, sparkle and comfort for the season of celebrations, from zari runners to raw silk cushions.",
    categorySlug: null,
    metaTitle: "Festive Collection: Diwali & Wedding Home Decor | Kesar Home",
    metaDescription: "Shop festive home furnishings: silk and velvet cushions, zari runners, block-print bedding and dhurries for Diwali and weddings.",
    createdAt: "2026-01-05T06:00:00.000Z",
    content:
      "<h2>Dress your home for celebration</h2>" +
      "<p>Our festive collection brings together the pieces our customers reach for when family comes home: silk and velvet cushions in saffron and plum, zari-bordered runners, hand block-printed bedding and bright dhurries for extra seating.</p>" +
      "<ul><li>Free gift wrapping on orders above ₹2,999.</li><li>Order made-to-order pieces 5 weeks before your celebration.</li><li>Use code <strong>FLAT150</strong> for ₹150 off orders of ₹1,000 and above.</li></ul>" +
      "<p>Need help styling a room for a wedding or puja? Visit our Shahpur Jat store for a free consultation.</p>",
  },
  {
    title: "Monsoon Curtains",
    slug: "monsoon-curtains",
    shortDesc: "Breathable linens, sheers and quick-drying cottons chosen for the rainy season.",
    categorySlug: "curtains",
    metaTitle: "Monsoon Curtains: Linen, Sheer & Cotton | Kesar Home",
    metaDescription: "Curtains that breathe and dry fast through the monsoon: linen sheers, block-print cottons and lined panels, stitched to your size.",
    createdAt: "2026-05-15T06:00:00.000Z",
    content:
      "<h2>Made for the rains</h2>" +
      "<p>Monsoon air is heavy with moisture, and the wrong curtains can turn musty in weeks. These panels are woven from cotton and linen that breathe, with hems sized to stay clear of wet floors.</p>" +
      "<ul><li>Choose sheers to brighten grey afternoons.</li><li>Detachable linings protect prints from rain spray.</li><li>Wash cotton panels at the end of the season and dry them in shade.</li></ul>" +
      "<p>Read our guide to <a href=\"/blog/choosing-curtains-for-the-monsoon\">choosing curtains for the monsoon</a>.</p>",
  },
  {
    title: "New Arrivals",
    slug: "new-arrivals",
    shortDesc: "The latest additions to the Kesar Home catalog, fresh from our artisan partners.",
    categorySlug: null,
    metaTitle: "New Arrivals | Kesar Home",
    metaDescription: "Discover the newest curtains, bedding, rugs, cushions and furniture at Kesar Home.",
    createdAt: "2026-02-01T06:00:00.000Z",
    content:
      "<h2>Just in</h2>" +
      "<p>Every month new prints arrive from Bagru and Sanganer, new weaves from Panipat and new pieces from our furniture workshops. Sort by <em>New Article</em> in the filter to see the very latest first.</p>" +
      "<p>Sign up for our newsletter at the bottom of the page to hear about new collections before anyone else.</p>",
  },
  {
    title: "Bedroom Refresh",
    slug: "bedroom-refresh",
    shortDesc: "Bedsheets, razais, dohars and duvet covers to make your bedroom a calmer place.",
    categorySlug: "bedding",
    metaTitle: "Bedroom Refresh: Bedsheets, Razais & Dohars | Kesar Home",
    metaDescription: "Refresh your bedroom with hand block-printed bedsheets, Jaipuri razais, mulmul dohars and linen duvet covers.",
    createdAt: "2026-03-20T06:00:00.000Z",
    content:
      "<h2>Sleep better, simply</h2>" +
      "<p>A new set of sheets is the easiest way to change how a bedroom feels. Pick a calm base, add a printed dohar and finish with cushions that repeat one colour.</p>" +
      "<p>See <a href=\"/blog/how-to-layer-a-bed\">how to layer a bed for every season</a>.</p>",
  },
];

export const TESTIMONIALS = [
  { name: "Priya Malhotra", location: "Gurugram", rating: 5, quote: "The Bagru indigo curtains are even more beautiful in person. The team came home to measure and the panels fit our tall windows perfectly." },
  { name: "Arjun Nair", location: "Kochi", rating: 5, quote: "We bought a sheesham bed and a dining table. Delivery took five weeks as promised, and the installers were careful and quick." },
  { name: "Sneha Kulkarni", location: "Pune", rating: 4, quote: "Lovely block-print bedsheets that get softer with every wash. One set was slightly lighter in colour than the photo, but I still love it." },
  { name: "Harpreet Kaur", location: "Chandigarh", rating: 5, quote: "Our Jaipuri razais were warm without being heavy, and my parents have asked for two more for the winter." },
  { name: "Vikram Reddy", location: "Hyderabad", rating: 5, quote: "The Pochampally ikat cushion covers reminded me of home. Neatly stitched, hidden zips, and they arrived in three days." },
  { name: "Ishita Banerjee", location: "Kolkata", rating: 4, quote: "The jute rug is gorgeous and sturdy. It shed a little in the first week, exactly as the care card said, then settled." },
  { name: "Rahul Mehta", location: "Mumbai", rating: 5, quote: "I was nervous about wallpaper in Mumbai humidity. Their team suggested a non-woven paper and the right adhesive, and it still looks perfect after the monsoon." },
  { name: "Kavya Subramanian", location: "Bengaluru", rating: 5, quote: "Customer care on WhatsApp helped me pick a cushion combination for my sofa. Thoughtful, quick and genuinely helpful." },
];

export const COUPONS: Array<{ code: string; title: string; kind: CouponKind; value: number; minOrder: number; firstOrderOnly: number; maxDiscount: number | null }> = [
  { code: "WELCOME10", title: "10% off your first order", kind: "percent", value: 10, minOrder: 0, firstOrderOnly: 1, maxDiscount: null },
  { code: "FREESHIP499", title: "Free shipping above ₹499", kind: "free_shipping", value: 0, minOrder: 49900, firstOrderOnly: 0, maxDiscount: null },
  { code: "FLAT150", title: "Flat ₹150 off on ₹1,000 and above", kind: "flat", value: 15000, minOrder: 100000, firstOrderOnly: 0, maxDiscount: null },
];

export const DEMO_CUSTOMER = { email: "demo@kesarhome.in", password: "Kesar@2026", name: "Aditi Sharma" } as const;

/**
 * The demo shop's owner (the back office), seeded on the embedded SQLite demo database only: its
 * password is published, so a shop on PostgreSQL never gets it, even from npm run db:seed.
 */
export const DEMO_OWNER = { email: "owner@kesarhome.in", password: "Kesar-Owner@2026", name: "Rohan Mehta", role: "owner" } as const;

export const DEMO_CUSTOMER_DETAILS = {
  phone: "9811122233",
  verifiedAt: "2026-01-05T09:30:00.000Z",
  createdAt: "2026-01-05T09:15:00.000Z",
  addresses: [
    {
      address: "B-42, Second Floor, Hauz Khas Enclave",
      state: "Delhi",
      city: "New Delhi",
      postalCode: "110016",
      phone: "9811122233",
      isDefault: 1,
    },
    {
      address: "Flat 304, Lakeview Residency, 5th Cross, HAL 2nd Stage, Indiranagar",
      state: "Karnataka",
      city: "Bengaluru",
      postalCode: "560038",
      phone: "9811122244",
      isDefault: 0,
    },
  ],
} as const;
