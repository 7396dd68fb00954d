import { z } from "zod";
import { isCommonPassword } from "./auth-common-passwords";
import { cleanName } from "./names";

/**
 * Account forms, shared by the browser (react-hook-form) and the server (procedure input).
 * Messages are the product specification's, section 5.
 */

export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
/** argon2 hashes any length; a cap keeps a megabyte "password" from costing the server anything. */
export const PASSWORD_MAX = 128;

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose a less guessable one.";

const username = z
  .string({ message: "Username must be at least 3 characters" })
  .trim()
  .min(USERNAME_MIN, "Username must be at least 3 characters")
  .max(50, "Username must be at most 50 characters");

/** For sign-in: any stored password is accepted here; strength rules apply when one is chosen. */
const password = z
  .string({ message: "Password must be at least 6 characters" })
  .min(PASSWORD_MIN, "Password must be at least 6 characters")
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** A password being chosen (registration, reset): the length rules plus the common-password list. */
export const newPassword = password.refine((value) => !isCommonPassword(value), COMMON_PASSWORD_MESSAGE);

export const email = z
  .string({ message: "Invalid email address" })
  .trim()
  .max(254, "Invalid email address")
  .pipe(z.email("Invalid email address"));

const optionalName = z
  .string()
  .transform(cleanName)
  .pipe(z.string().max(100, "Names must be at most 100 characters"))
  .optional()
  .transform((value) => (value ? value : undefined));

export const loginSchema = z.object({ username, password });
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z
  .object({
    firstName: optionalName,
    lastName: optionalName,
    username: username.regex(/^[A-Za-z0-9._-]+$/, "Username can only contain letters, numbers, dots, dashes and underscores"),
    email,
    password: newPassword,
    confirmPassword: z.string({ message: "Passwords do not match" }),
  })
  .refine((data) => data.password === data.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type RegisterInput = z.input<typeof registerSchema>;

export const requestPasswordResetSchema = z.object({ email });
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string({ message: "Token is required" }).min(1, "Token is required").max(200, "This reset link is not valid"),
    password: newPassword,
    confirmPassword: z.string({ message: "Passwords do not match" }),
  })
  .refine((data) => data.password === data.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The reset form in the browser: the token comes from the path, not from a field. */
export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((data) => data.password === data.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
