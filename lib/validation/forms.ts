import { z } from "zod";

export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .email("Enter a valid email address.")
  .transform((v) => v.toLowerCase());

export const subscriberSchema = z.object({ email: emailField });
export type SubscriberInput = z.input<typeof subscriberSchema>;
