/**
 * The stored-XSS corpus: text a shopper can type into a form field (a name, a message, an address)
 * that would run script if a page ever put it into HTML unescaped, or into an attribute, a URL, a
 * template or a script. Every entry is at most 100 characters, so it fits every free-text field of
 * the storefront's forms. The API tests post it through the forms and read it back unchanged from
 * the admin API (app/api/v2/_tests/inbox.api.test.ts); the admin pages' Playwright test will render
 * it and check that none runs.
 */
export const XSS_CORPUS: readonly string[] = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "'><body onload=alert(1)>",
  "</textarea><script>alert(1)</script>",
  "</title><script>alert(1)</script>",
  "javascript:alert(1)",
  '<a href="javascript&#58;alert(1)">click</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<details open ontoggle=alert(1)>",
  '<input autofocus onfocus="alert(1)">',
  "{{constructor.constructor('alert(1)')()}}",
  "${alert(1)}",
  "'';!--\"<XSS>=&{()}",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "%3Cscript%3Ealert(1)%3C/script%3E",
  "<style>@import 'javascript:alert(1)';</style>",
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  "</script><script>alert(document.domain)</script>",
  "=HYPERLINK(\"http://evil.example\",\"click\")",
];
