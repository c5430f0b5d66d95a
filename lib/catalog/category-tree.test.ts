import { describe, expect, it } from "vitest";
import { CATEGORY_TREE_MESSAGES, depthOf, descendantsOf, flattenTree, parentChoices, placementProblem, reorderedSiblings, type TreeNode } from "./category-tree";

const tree: TreeNode[] = [
  { id: 1, parentId: null, name: "Bedding", sortOrder: 0 },
  { id: 2, parentId: null, name: "Curtains", sortOrder: 1 },
  { id: 3, parentId: 1, name: "Bedsheets", sortOrder: 1 },
  { id: 4, parentId: 1, name: "Quilts", sortOrder: 0 },
  { id: 5, parentId: null, name: "Rugs", sortOrder: 1 },
];

describe("the category tree's moves", () => {
  it("refuses a category under itself", () => {
    expect(placementProblem(tree, 1, 1)).toBe(CATEGORY_TREE_MESSAGES.underItself);
  });

  it("refuses a category under its own subcategory (a cycle)", () => {
    expect(placementProblem(tree, 1, 3)).toBe(CATEGORY_TREE_MESSAGES.underDescendant("Bedsheets"));
  });

  it("refuses a third level: nothing goes under a subcategory", () => {
    expect(placementProblem(tree, 2, 3)).toBe(CATEGORY_TREE_MESSAGES.tooDeep("Bedsheets"));
    expect(placementProblem(tree, null, 4)).toBe(CATEGORY_TREE_MESSAGES.tooDeep("Quilts"));
  });

  it("keeps a category with subcategories at the top, saying how many it has", () => {
    expect(placementProblem(tree, 1, 2)).toBe(CATEGORY_TREE_MESSAGES.hasChildren("Bedding", 2));
    expect(CATEGORY_TREE_MESSAGES.hasChildren("Bedding", 2)).toContain("2 subcategories");
  });

  it("allows a subcategory under another top-level category, a top-level one under another, and anything to the top", () => {
    expect(placementProblem(tree, 3, 2)).toBeNull();
    expect(placementProblem(tree, 5, 2)).toBeNull();
    expect(placementProblem(tree, 3, null)).toBeNull();
    expect(placementProblem(tree, null, 1)).toBeNull();
  });

  it("refuses a parent that does not exist", () => {
    expect(placementProblem(tree, 3, 99)).toBe(CATEGORY_TREE_MESSAGES.noParent);
  });

  it("offers as parents the top-level categories the rules allow", () => {
    expect(parentChoices(tree, 3).map((n) => n.name)).toEqual(["Bedding", "Curtains", "Rugs"]);
    expect(parentChoices(tree, 2).map((n) => n.name)).toEqual(["Bedding", "Rugs"]);
    expect(parentChoices(tree, 1)).toEqual([]);
  });

  it("measures depth and descendants, and survives a cycle in old data", () => {
    expect(depthOf(tree, 3)).toBe(2);
    expect(depthOf(tree, 1)).toBe(1);
    expect(descendantsOf(tree, 1).sort()).toEqual([3, 4]);
    const looped: TreeNode[] = [
      { id: 7, parentId: 8, name: "A", sortOrder: 0 },
      { id: 8, parentId: 7, name: "B", sortOrder: 0 },
    ];
    expect(descendantsOf(looped, 7)).toEqual([8]);
    expect(depthOf(looped, 7)).toBe(2);
    expect(placementProblem(looped, 7, 8)).toBe(CATEGORY_TREE_MESSAGES.underDescendant("B"));
  });
});

describe("reordering siblings", () => {
  it("swaps a category with its neighbour, within its own parent, by sort order then id", () => {
    expect(reorderedSiblings(tree, 3, "up")).toEqual([3, 4]);
    expect(reorderedSiblings(tree, 2, "down")).toEqual([1, 5, 2]);
  });

  it("says when it cannot go further", () => {
    expect(reorderedSiblings(tree, 1, "up")).toBe(CATEGORY_TREE_MESSAGES.first);
    expect(reorderedSiblings(tree, 3, "down")).toBe(CATEGORY_TREE_MESSAGES.last);
  });
});

describe("the admin's list of the tree", () => {
  it("lists each category followed by its subcategories, indented by depth", () => {
    expect(flattenTree(tree).map((n) => `${"-".repeat(n.depth)}${n.name}`)).toEqual(["-Bedding", "--Quilts", "--Bedsheets", "-Curtains", "-Rugs"]);
  });
});
