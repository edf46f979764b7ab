/** Blog categories; their names are `Blog.categories.<key>` in the messages. */
export const blogCategories = ['news', 'development', 'marketing', 'business'] as const;
export type BlogCategory = (typeof blogCategories)[number];

export const blogConfig = {
  categories: blogCategories,
  postsPerPage: 6,
} as const;
