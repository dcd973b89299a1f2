import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** The five FAQ topics, one Markdown file each; `order` sets the topic navigation order. */
const faq = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/faq' }),
  schema: z.strictObject({
    title: z.string().min(1),
    navLabel: z.string().min(1),
    description: z.string().min(1).max(200),
    order: z.number().int().min(1),
  }),
});

/** The privacy policy and terms of service. */
const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/legal' }),
  schema: z.strictObject({
    title: z.string().min(1),
    description: z.string().min(1).max(200),
    order: z.number().int().min(1),
    lastUpdated: z.coerce.date(),
  }),
});

export const collections = { faq, legal };
