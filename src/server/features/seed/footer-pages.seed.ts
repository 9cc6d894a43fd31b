import type { StarterPage } from '../footer-pages/footer-pages.service.ts'

/**
 * Starter text for the five footer pages, in markdown (the post renderer shows them). The page shows the title
 * itself, so the text starts below it.
 */
export const STARTER_FOOTER_PAGES: readonly StarterPage[] = [
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    metaDescription: 'What this blog stores about its readers, and why.',
    content: `This blog collects as little about its readers as it can.

## What is stored
- **Comments:** the name and text you submit, shown with your comment once it is approved.
- **Likes and views:** a random identifier kept in a cookie, so that a like or a view counts once. It is not linked to who you are.
- **Server logs:** the address and time of each request, kept briefly to keep the site running and safe.

## What is not done
- No advertising, no third-party trackers, no selling of data.

## Your choices
- You can clear this site's cookies at any time.
- To have a comment removed, get in touch through the Contact page.`,
  },
  {
    slug: 'terms-conditions',
    title: 'Terms & Conditions',
    metaDescription: 'The terms for reading and commenting on this blog.',
    content: `By reading or commenting on this blog you agree to these terms.

## Content
- The articles are personal notes and opinions, shared as they are.
- You may quote short passages with a link back to the original article.

## Comments
- Comments are reviewed before they appear.
- **Be kind:** spam, abuse and personal attacks are removed.
- You keep the rights to what you write, and allow it to be shown here.

## Changes
These terms may change over time; the date below the title shows the last update.`,
  },
  {
    slug: 'about',
    title: 'About',
    metaDescription: 'Who writes this blog and what it is about.',
    content: `Welcome to **Lab of Life**: a lab of life, code, and curiosity.

## What you will find here
- Notes on building apps and working with AI.
- Habits, workouts and the small routines that make a day work.
- Thoughts on mindset, learning and slowing down.

## Why a blog
Writing things down is the best way I know to understand them. If something here helps you, that is a bonus.`,
  },
  {
    slug: 'contact',
    title: 'Contact',
    metaDescription: 'How to get in touch.',
    content: `I am happy to hear from readers.

## Get in touch
- **Comments:** the quickest way to reply to an article is a comment below it.
- **Social media:** the links at the bottom of every page lead to my profiles.

## Before you write
- Questions, corrections and ideas for articles are all welcome.
- I read everything, but I cannot promise to answer every message.`,
  },
  {
    slug: 'disclaimer',
    title: 'Disclaimer',
    metaDescription: 'The limits of the advice on this blog.',
    content: `Everything on this blog is shared for general information only.

## Not professional advice
- **Health and fitness:** the workouts and habits described here worked for me; check with a professional before changing your training or diet.
- **Code:** examples are provided as they are, without warranty. Test them before you rely on them.

## Links
Links to other sites are provided for convenience; I am not responsible for their content.`,
  },
]
