/** Placeholder: the reader site replaces this. */
export function PublicApp() {
  return <main><h1>Blog</h1></main>
}
