// Loaded on the first click of a code block's "Copy" or a heading's link (post-content.tsx), never up front.

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

function flash(el: HTMLElement, text: string) {
  const before = el.textContent
  el.textContent = text
  setTimeout(() => {
    el.textContent = before
  }, 1500)
}

export async function copyFrom(target: HTMLElement): Promise<void> {
  if (target.classList.contains('copy-code')) {
    const code = target.parentElement?.querySelector('code')?.textContent ?? ''
    flash(target, (await copy(code)) ? 'Copied' : 'Copy failed')
    return
  }
  const href = target.getAttribute('href') ?? ''
  const url = new URL(href, window.location.href).href
  if (await copy(url)) flash(target, '✓')
}
