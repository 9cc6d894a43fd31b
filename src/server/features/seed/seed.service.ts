/** What other features use of first-run content: the starter footer pages a restore may bring back. */
export { STARTER_FOOTER_PAGES } from './footer-pages.seed.ts'
