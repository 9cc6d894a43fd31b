/** Placeholder: the admin panel replaces this. Default export for React.lazy. */
export default function AdminApp() {
  return <main><h1>Admin</h1></main>
}
