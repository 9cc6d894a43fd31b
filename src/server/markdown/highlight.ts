import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import css from 'highlight.js/lib/languages/css'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import markdown from 'highlight.js/lib/languages/markdown'
import python from 'highlight.js/lib/languages/python'
import sqlLanguage from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'

// Core plus a handful of languages keeps the server bundle small; aliases (js, ts, sh, html, py, yml, md) come with them.
const LANGUAGES = { bash, css, javascript, json, markdown, python, sql: sqlLanguage, typescript, xml, yaml }
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language)

/** Highlighted HTML (highlight.js escapes the code itself), or null for a language we do not know. */
export function highlight(code: string, lang: string): string | null {
  if (!hljs.getLanguage(lang)) return null
  return hljs.highlight(code, { language: lang, ignoreIllegals: true }).value
}
