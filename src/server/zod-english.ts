// zod/mini loads no locale, so its own messages would all read "Invalid input". The server words
// them in English: parseBody prefixes them with the field, and catalogue imports list them. The
// browser never shows them (every field the shopper fills has its own message).
import * as z from 'zod/mini';

z.config(z.locales.en());
