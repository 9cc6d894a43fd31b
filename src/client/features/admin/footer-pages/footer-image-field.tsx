import { ImageUploadField } from '../media/image-upload-field.tsx'

/** Spec §9: footer-page images must be under 5MB. */
export const FOOTER_IMAGE_MAX_BYTES = 5 * 1024 * 1024

/** Featured image for a footer page: uploaded through the upload endpoint; the page keeps the returned URL. */
export function FooterImageField({ url, onChange }: { url: string; onChange: (url: string) => void }) {
  return (
    <ImageUploadField
      id="footer-image"
      label="Featured Image"
      url={url}
      onChange={onChange}
      hint="JPG or PNG, under 5MB"
      maxBytes={FOOTER_IMAGE_MAX_BYTES}
      tooLarge="Please select an image under 5MB."
    />
  )
}
