export function photo(width: number, height: number, seed: number, quality?: number): Promise<Buffer>
export function uploadImage(
  base: string,
  cookie: string,
  bytes: Buffer,
  name: string,
): Promise<{ status: number; ms: number; url?: string; error?: string }>
