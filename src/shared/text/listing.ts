/** Words shared by a listing's page head and its feed, so both describe it the same way. */
export const categoryDescription = (category: { name: string; description: string | null }) =>
  category.description || `Articles in ${category.name}.`
export const tagDescription = (name: string) => `Articles tagged “${name}”.`
export const tagTitle = (name: string) => `Tagged “${name}”`
export const feedTitle = (siteTitle: string, name: string) => `${siteTitle}: ${name}`
