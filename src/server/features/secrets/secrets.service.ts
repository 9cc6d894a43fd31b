/** Server secrets (keys for signed cookies, hashes and links), made once and shared by every instance. */
export { loadSecret } from './secrets.repo.ts'
