"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { Button, TextField, Tabs } from "@coach/ui";
import { loginSchema, registerSchema, type LoginInput, type RegisterInput } from "@coach/validators/auth";
import { useSession } from "./session";
import { applyServerFieldErrors } from "./form-errors";

const linkClass =
  "rounded font-medium text-brand-700 underline-offset-4 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/** What a sign-in posted without scripts came back with (auth/sign-in/route.ts). */
export interface PostedSignIn {
  error?: string;
  username?: string;
}

function SignInForm({ returnTo, posted }: { returnTo: string; posted?: PostedSignIn }) {
  const { login } = useSession();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: posted?.username ?? "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login(values, returnTo);
    } catch (error) {
      // The session shows the failure as a toast; field messages from the server go next to the fields.
      applyServerFieldErrors(error, ["username", "password"], form.setError);
    }
  });

  return (
    // Without scripts the browser posts the form to the sign-in route; with them, onSubmit signs in through tRPC.
    <form method="post" action="/auth/sign-in" onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign In">
      <input type="hidden" name="next" value={returnTo} />
      {posted?.error && !form.formState.isSubmitted ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {posted.error}
        </p>
      ) : null}
      <TextField
        label="Username"
        hint="Or the email address of your account"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        // In the server's markup too, so the name typed is back in the field before (or without) scripts.
        defaultValue={posted?.username}
        {...form.register("username")}
        error={errors.username?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.register("password")}
        error={errors.password?.message}
      />
      <div className="flex justify-end text-sm">
        <Link href="/request-password-reset" className={linkClass}>
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {isSubmitting ? "Signing In..." : "Sign In"}
      </Button>
    </form>
  );
}

function RegisterForm({ returnTo }: { returnTo: string }) {
  const { register: registerAccount } = useSession();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: "", lastName: "", username: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await registerAccount(values, returnTo);
    } catch (error) {
      applyServerFieldErrors(error, ["firstName", "lastName", "username", "email", "password", "confirmPassword"], form.setError);
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create Account">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...form.register("firstName")} error={errors.firstName?.message} />
        <TextField label="Last name" autoComplete="family-name" {...form.register("lastName")} error={errors.lastName?.message} />
      </div>
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.register("username")}
        error={errors.username?.message}
      />
      <TextField label="Email" type="email" autoComplete="email" {...form.register("email")} error={errors.email?.message} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters. Avoid common passwords."
        {...form.register("password")}
        error={errors.password?.message}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...form.register("confirmPassword")}
        error={errors.confirmPassword?.message}
      />
      <p className="text-xs text-slate-700">
        By creating an account you agree to our{" "}
        <Link href="/terms" className={linkClass}>
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link href="/privacy" className={linkClass}>
          Privacy Policy
        </Link>
        .
      </p>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {isSubmitting ? "Creating Account..." : "Create Account"}
      </Button>
    </form>
  );
}

/**
 * /auth: the Sign In and Create Account tabs (spec section 2). `returnTo` is where the visitor was
 * going (already checked by safeReturnPath): signing in or registering lands there, not on the home page.
 */
export function AuthForms({
  initialTab = "signin",
  returnTo = "/",
  posted,
}: {
  initialTab?: "signin" | "register";
  returnTo?: string;
  posted?: PostedSignIn;
}) {
  return (
    <div>
      <Tabs
        label="Account"
        defaultKey={initialTab}
        tabs={[
          { key: "signin", label: "Sign In", content: <SignInForm returnTo={returnTo} posted={posted} /> },
          { key: "register", label: "Create Account", content: <RegisterForm returnTo={returnTo} /> },
        ]}
      />
      <p className="mt-6 text-center text-sm text-slate-700">
        Need help?{" "}
        <Link href="/contact" className={linkClass}>
          Contact Support
        </Link>
      </p>
    </div>
  );
}
