import { z } from 'zod';
import {
  attributeMessages,
  GRADING_CERTIFICATE_MAX,
  GRADING_COMPANIES,
  isValidGrade,
  PRODUCT_CONDITIONS,
} from './product-attributes.ts';

export const ProductConditionSchema = z.enum(PRODUCT_CONDITIONS, {
  error: attributeMessages.conditionInvalid,
});

/** A certificate number as printed on a slab: letters, digits, spaces and dashes. */
const CERTIFICATE = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;

/** What a seller sends: null or absent means the card is not graded. */
export const GradingInputSchema = z.object(
  {
    company: z.enum(GRADING_COMPANIES, { error: attributeMessages.gradingCompanyInvalid }),
    grade: z
      .number({ error: attributeMessages.gradeInvalid })
      .refine(isValidGrade, { error: attributeMessages.gradeInvalid }),
    certificate: z
      .string({ error: attributeMessages.certificateInvalid })
      .trim()
      .max(GRADING_CERTIFICATE_MAX, { error: attributeMessages.certificateTooLong })
      .refine((v) => v === '' || CERTIFICATE.test(v), { error: attributeMessages.certificateInvalid })
      .nullish()
      .transform((v) => (v ? v : null)),
  },
  { error: attributeMessages.gradingInvalid },
);
export type GradingInput = z.input<typeof GradingInputSchema>;

/** What a product answers. */
export const GradingSchema = z.object({
  company: z.enum(GRADING_COMPANIES),
  grade: z.number(),
  certificate: z.string().nullable(),
});
export type Grading = z.infer<typeof GradingSchema>;

/** The attribute fields of create and update bodies: absent leaves them (update) or empty (create). */
export const productAttributeInput = {
  condition: ProductConditionSchema.nullish(),
  grading: GradingInputSchema.nullish(),
};
