import { storeApi } from "./api";
import { expect, TAG, test, type Page } from "./fixtures";

/** Cards per page of /blogs (three rows of three). */
const PER_PAGE = 9;

/** The store's published posts, newest first, as the blog list orders them. */
const publishedPosts = () => storeApi.blogs();

/** Every JSON-LD object on the page, arrays flattened. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((t) => {
    const data: unknown = JSON.parse(t);
    return (Array.isArray(data) ? data : [data]) as Record<string, unknown>[];
  });
}

test("the blog list shows every published post with READ MORE", { tag: TAG.readonly }, async ({ page }) => {
  const posts = await publishedPosts();
  expect(posts.length).toBeGreaterThan(0);
  const pages = Math.ceil(posts.length / PER_PAGE);
  for (let n = 1; n <= pages; n++) {
    const response = await page.goto(n === 1 ? "/blogs" : `/blogs?page=${n}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Home");
    const onThisPage = posts.slice((n - 1) * PER_PAGE, n * PER_PAGE);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(onThisPage.length);
    for (const post of onThisPage) {
      const card = page.getByRole("article", { name: post.title });
      await expect(card.getByRole("heading", { name: post.title })).toBeVisible();
      await expect(card.getByRole("link", { name: "READ MORE" })).toHaveAttribute("href", `/blog/${post.slug}`);
    }
    if (pages > 1) await expect(page.getByText(`Page ${n} of ${pages}`)).toBeVisible();
  }
  const list = (await jsonLd(page)).find((d) => d["@type"] === "ItemList");
  expect(list).toBeDefined();
});

test("READ MORE opens the post", { tag: TAG.readonly }, async ({ page }) => {
  const [first] = await publishedPosts();
  if (!first) throw new Error("the store has no published post");
  await page.goto("/blogs");
  await page.getByRole("article", { name: first.title }).getByRole("link", { name: "READ MORE" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${first.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: first.title })).toBeVisible();
});

test("a post shows its title, breadcrumb, Latest Posts and BlogPosting data", { tag: TAG.readonly }, async ({ page }) => {
  const posts = await publishedPosts();
  const post = posts[posts.length > 1 ? 1 : 0];
  if (!post) throw new Error("the store has no published post");
  const response = await page.goto(`/blog/${post.slug}`);
  expect(response?.status()).toBe(200);

  const { meta_title } = await storeApi.blog(post.slug);
  await expect(page).toHaveTitle(meta_title || post.title);
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb).toHaveText(new RegExp(`^\\s*Home\\s*>\\s*Blog\\s*>\\s*${post.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`));
  await expect(breadcrumb.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blogs");
  await expect(page.getByRole("img", { name: post.title })).toBeVisible();

  const latest = page.getByRole("region", { name: "Latest Posts" });
  await expect(latest.getByRole("heading", { name: "Latest Posts" })).toBeVisible();
  const others = posts.filter((p) => p.id !== post.id).slice(0, 5);
  await expect(latest.getByRole("link")).toHaveCount(others.length);
  for (const other of others) {
    await expect(latest.getByRole("link", { name: other.title })).toHaveAttribute("href", `/blog/${other.slug}`);
  }

  const data = await jsonLd(page);
  const posting = data.find((d) => d["@type"] === "BlogPosting");
  expect(posting?.headline).toBe(post.title);
  expect(String(posting?.mainEntityOfPage)).toMatch(new RegExp(`/blog/${post.slug}$`));
  expect(data.some((d) => d["@type"] === "BreadcrumbList")).toBe(true);

  const next = others[0];
  if (next) {
    await latest.getByRole("link", { name: next.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${next.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: next.title })).toBeVisible();
  }
});

test("an unknown post answers 404", { tag: TAG.readonly }, async ({ page }) => {
  const response = await page.goto("/blog/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No article found" })).toBeVisible();

  const malformed = await page.goto("/blog/No_Such.Post");
  expect(malformed?.status()).toBe(404);
});
