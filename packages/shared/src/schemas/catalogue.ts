import { z } from 'zod';
import { MAX_ORDER_DIAMONDS, TEXT_LIMITS } from '../limits';
import { MSG as M, type TMessageKey } from '../messages';
import { CURRENCY_CODES, priceProblem, type TPriceProblem } from '../money';
import { MAX_ROW_ID, ZRowId } from './api';
import { ZCurrency } from './codes';

/**
 * Products and prices (SPEC.md §3, §5, §7; issue "Catalogue"). Amounts are integer minor units; a pack's diamonds
 * (`game_amount`) are a positive integer up to the per-order cap.
 */

const text = (max: number, message: string) => z.string().trim().max(max, message).default('');

/** An uploaded product image URL (from POST /attachment/uploadfile/?attachment_type=product) or empty. */
export const ZProductImageUrl = z
  .string()
  .trim()
  .max(512)
  .refine(
    (v) => v === '' || v.startsWith('/api/v1/attachment/download?file_path=product/'),
    'Image must be an uploaded product image',
  )
  .default('');

/** POST /api/v1/product/ and PUT /api/v1/product/{id} */
export const ZProductInput = z.object({
  name: z
    .string({ error: M.name_required })
    .trim()
    .min(1, M.name_required)
    .max(TEXT_LIMITS.productName, M.product_name_max),
  image: ZProductImageUrl,
  comment: text(256, M.text_max_256),
  code: text(64, M.max_64),
  description: text(2000, M.text_max_2000),
  pay_note: text(256, M.text_max_256),
});
export type TProductInput = z.infer<typeof ZProductInput>;

export const ZProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  image: z.string(),
  comment: z.string(),
  description: z.string(),
  pay_note: z.string(),
  status: z.number().int(),
  /** true = released (listed on the shop: "Onboarding / To List"). */
  release: z.boolean(),
  /** The product's pack sizes (diamonds), ascending and distinct. */
  price_list: z.array(z.number().int()),
  synced_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductListQuery = z.object({
  name: z.string().trim().max(TEXT_LIMITS.productName).optional(),
  code: z.string().trim().max(64).optional(),
  /** '1' released, '0' not released, absent = all. */
  status: z.enum(['0', '1']).optional(),
});

export const ZGameAmount = z
  .number({ error: M.diamonds_required })
  .int(M.diamonds_range)
  .min(1, M.diamonds_range)
  .max(MAX_ORDER_DIAMONDS, M.diamonds_range);

export const ZUnitAmount = z
  .number({ error: M.price_required })
  .int(M.price_positive)
  .positive(M.price_positive)
  .max(1_000_000_000, M.price_positive);

/** What the price field says when its gateway cannot charge the amount exactly. */
export const PRICE_PROBLEM_MESSAGES: Record<TPriceProblem, TMessageKey> = {
  stripe_three_decimal_tens: M.price_three_decimal_tens,
  stripe_whole_units: M.price_whole_units,
  fiuu_two_decimals: M.price_fiuu_two_decimals,
  not_chargeable: M.price_not_chargeable,
};

/**
 * POST /api/v1/price/create and PUT /api/v1/price/update/{id}. A price its gateway cannot charge exactly (JOD 1.255
 * through Stripe) is refused under `unit_amount`: rounding it would charge the buyer another price than the shop's.
 */
export const ZPriceInput = z
  .object({
    product_id: z
      .number({ error: M.product_required })
      .int()
      .positive(M.product_required)
      .max(MAX_ROW_ID, M.product_required),
    game_amount: ZGameAmount,
    currency: z.enum(CURRENCY_CODES, { error: M.currency_required }),
    unit_amount: ZUnitAmount,
  })
  .superRefine((price, ctx) => {
    const problem = priceProblem(price.unit_amount, price.currency);
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['unit_amount'], message: PRICE_PROBLEM_MESSAGES[problem] });
  });
export type TPriceInput = z.infer<typeof ZPriceInput>;

export const ZPrice = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  /** Price code; the Stripe Price id once synced. */
  code: z.string(),
  currency: ZCurrency,
  game_amount: z.number().int(),
  unit_amount: z.number().int(),
  synced_at: z.string().nullable(),
});
export type TPrice = z.infer<typeof ZPrice>;

export const ZPriceListQuery = z.object({
  product_id: ZRowId,
  currency: ZCurrency.optional(),
  game_amount: z.coerce.number().int().positive().max(MAX_ORDER_DIAMONDS).optional(),
});

/** The body `data` of the public selects: wire-encrypted JSON and the event time it was encrypted with. */
export const ZEncryptedSelect = z.object({ data: z.string(), timestamp: z.string().regex(/^\d{14}$/) });
export type TEncryptedSelect = z.infer<typeof ZEncryptedSelect>;
/** An encrypted select as a browser caches it: as it came, with the moment it was stored (apps/web catalogue-select). */
export const ZCachedSelect = ZEncryptedSelect.extend({ savedAt: z.number() });

/** Decrypted GET /api/v1/product/select?release=1: the released products. */
export const ZProductSelectItem = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  image: z.string(),
  comment: z.string(),
  description: z.string(),
  pay_note: z.string(),
});
export const ZProductSelect = z.array(ZProductSelectItem);
export type TProductSelectItem = z.infer<typeof ZProductSelectItem>;

/** Decrypted GET /api/v1/price/select/{productId}?localLang=: currencies with localised names, packs per currency. */
export const ZPriceSelectItem = z.object({
  id: z.number().int(),
  currency: ZCurrency,
  game_amount: z.number().int(),
  unit_amount: z.number().int(),
});
export const ZPriceSelect = z.object({
  currencies: z.array(z.object({ code: ZCurrency, name: z.string() })),
  /** Currency code → packs sorted by diamonds ascending. */
  prices: z.record(z.string(), z.array(ZPriceSelectItem)),
});
export type TPriceSelect = z.infer<typeof ZPriceSelect>;
