import { describe, expect, it } from "vitest";
import { htmlToText } from "./html";

describe("htmlToText", () => {
  it("keeps words of neighbouring blocks apart and decodes entities", () => {
    expect(htmlToText("<p>Hand-printed in Udaipur.</p><p>Cotton &amp; linen</p><ul><li>Material: Linen</li><li>Size: King</li></ul>")).toBe(
      "Hand-printed in Udaipur. Cotton & linen Material: Linen Size: King",
    );
    expect(htmlToText("Line one<br>line two")).toBe("Line one line two");
  });

  it("drops scripts and tags, and answers empty text for nothing", () => {
    expect(htmlToText('<script>alert(1)</script><b onclick="x()">Bold</b>')).toBe("Bold");
    expect(htmlToText(null)).toBe("");
  });
});
