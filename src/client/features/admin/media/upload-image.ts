import { UploadResponseSchema, type UploadResponse } from '#shared/schemas/site.ts'
import { HttpError } from '../../../lib/api.ts'

/**
 * POST /api/upload-image with progress (fetch cannot report upload progress, XMLHttpRequest can). Rejects with an
 * HttpError carrying the server's answer, so the caller can show the server's own reason.
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void = () => {}): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/upload-image')
    xhr.withCredentials = true
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(new HttpError(xhr.status, xhr.responseText, xhr.statusText))
      try {
        resolve(UploadResponseSchema.parse(JSON.parse(xhr.responseText)))
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)))
      }
    }
    xhr.onerror = () => reject(new Error('The upload did not reach the server: check your connection'))
    const form = new FormData()
    form.append('image', file)
    xhr.send(form)
  })
}
