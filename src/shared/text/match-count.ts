/** How many posts a search matched: "1 post", "12 posts", "at least 1,000 posts" when the count stopped at its bound. */
export function matchCount(total: number, exact: boolean): string {
  const n = total.toLocaleString('en-US')
  return exact ? `${n} ${total === 1 ? 'post' : 'posts'}` : `at least ${n} posts`
}
