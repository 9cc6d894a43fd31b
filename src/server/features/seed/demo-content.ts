/** The demo set: three categories and six published posts. `{{cover}}` becomes the post's generated picture. */

export type DemoCategory = {
  key: string
  name: string
  slug: string
  description: string
  color: string
  accent: string
}
export type DemoPost = {
  title: string
  category: string
  tags: string[]
  pattern: 'waves' | 'rings' | 'stripes'
  daysAgo: number
  views: number
  featured?: boolean
  content: string
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    key: 'code',
    name: 'Code & AI',
    slug: 'code-ai',
    description: 'Building apps, tools and experiments with AI.',
    color: '#3b82f6',
    accent: '#8b5cf6',
  },
  {
    key: 'habits',
    name: 'Habits & Health',
    slug: 'habits-health',
    description: 'Routines, workouts and small daily wins.',
    color: '#10b981',
    accent: '#0ea5e9',
  },
  {
    key: 'mindset',
    name: 'Mindset',
    slug: 'mindset',
    description: 'Learning, focus and slowing down.',
    color: '#f59e0b',
    accent: '#ef4444',
  },
]

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Building This Blog with Fastify and React',
    category: 'code',
    tags: ['fastify', 'react', 'typescript'],
    pattern: 'waves',
    daysAgo: 1,
    views: 1280,
    featured: true,
    content: `![Blue and violet waves]({{cover}})

Every blog starts with a decision: use a platform, or build one. I built this one, and here is what I learned.

## The stack

- **Server:** [Fastify](https://fastify.dev) with TypeScript
- **Data:** SQLite by default, PostgreSQL when it has to scale
- **Pages:** React, rendered on the server and hydrated in the browser

## One schema, three jobs

The same Zod schema validates the request, the form and the response:

\`\`\`ts
export const CategoryInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  slug: SlugSchema,
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
})
\`\`\`

## What each part costs

| Part | Lines of code | Tests |
| --- | --- | --- |
| API | about 2,000 | on both databases |
| Reader site | about 1,500 | in a real browser |
| Admin | about 2,500 | in a real browser |

> Build the smallest thing that works, then make it good.

More notes on each part will follow.`,
  },
  {
    title: 'Prompting Small Models: Notes from a Weekend',
    category: 'code',
    tags: ['ai', 'llm', 'experiments'],
    pattern: 'rings',
    daysAgo: 5,
    views: 860,
    content: `![Rings of blue light]({{cover}})

Big models forgive vague prompts. Small ones do not, which makes them great teachers.

## What worked

1. Say what the output looks like before saying what to do.
2. Give one example, not five.
3. Ask for one thing per call.

## A prompt template I keep reusing

\`\`\`text
You are a careful editor.
Input: a paragraph.
Output: the same paragraph with spelling fixed, nothing else.
\`\`\`

## What did not work

- Long lists of rules: the model followed the last three and forgot the rest.
- Asking it to "think step by step" on tasks that need no steps.

The takeaway: **clarity beats cleverness**, whatever the model size.`,
  },
  {
    title: 'The Two-Minute Rule for Habits That Stick',
    category: 'habits',
    tags: ['habits', 'productivity'],
    pattern: 'stripes',
    daysAgo: 9,
    views: 1540,
    content: `![Green stripes]({{cover}})

A new habit should take less than two minutes to start. Not to finish: to start.

## Why it works

Starting is the hard part. Once the shoes are on, the run usually happens.

- "Read every night" becomes **read one page**.
- "Work out daily" becomes **put on your training clothes**.
- "Write a blog" becomes **open the editor and write one sentence**.

> You do not rise to the level of your goals. You fall to the level of your systems.
> (James Clear)

## Make it visible

I keep a simple paper tracker on the fridge. A row of crosses is a surprisingly strong reason not to break the chain.`,
  },
  {
    title: 'A Simple Weekly Workout Plan',
    category: 'habits',
    tags: ['workouts', 'health', 'routine'],
    pattern: 'waves',
    daysAgo: 14,
    views: 640,
    content: `![Teal waves]({{cover}})

No gym membership, no equipment beyond a mat: this is the plan I have followed for a year. It takes under two hours a week, fits around work and family, and leaves room for a bad day without breaking the routine.

## The week

| Day | Session | Time |
| --- | --- | --- |
| Monday | Push-ups, squats, plank | 20 min |
| Wednesday | Easy run | 30 min |
| Friday | Lunges, rows with a backpack, plank | 20 min |
| Sunday | Long walk | 60 min |

## Rules I follow

- Stop two repetitions before failure.
- Add one repetition a week, not more.
- A missed session is skipped, never doubled.

Consistency beats intensity. Always.`,
  },
  {
    title: 'Why I Keep a Learning Log',
    category: 'mindset',
    tags: ['learning', 'writing'],
    pattern: 'rings',
    daysAgo: 20,
    views: 410,
    content: `![Amber rings]({{cover}})

Every evening I write three lines: what I learned, what confused me, what I want to try next.

## What it gives me

- A record that shows progress on days that feel slow.
- Questions to bring to the next session.
- Material for posts like this one.

## How to start

Open a plain text file. Write today's date and one sentence. That is it.

If you want a deeper dive, Cal Newport's writing on [deep work](https://calnewport.com) is a good place to begin.`,
  },
  {
    title: 'Slowing Down to Think Clearly',
    category: 'mindset',
    tags: ['focus', 'mindset'],
    pattern: 'stripes',
    daysAgo: 27,
    views: 290,
    content: `![Warm stripes]({{cover}})

Some of my best ideas arrived on walks without headphones.

## Three small experiments

- **One tab:** close everything that is not the task at hand.
- **Quiet mornings:** no messages before the first hour of work is done.
- **Walk first:** when stuck, walk for ten minutes before trying again.

## What changed

Fewer decisions made in a hurry, and fewer to undo later. Slowing down turned out to be the fastest way forward.`,
  },
]
