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

function SignInForm() {
  const { login } = useSession();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login(values, "/");
    } catch (error) {
      // The session shows the failure as a toast; field messages from the server go next to the fields.
      applyServerFieldErrors(error, ["username", "password"], form.setError);
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign In">
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
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

function RegisterForm() {
  const { register: registerAccount } = useSession();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: "", lastName: "", username: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await registerAccount(values, "/");
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

/** /auth: the Sign In and Create Account tabs (spec section 2). */
export function AuthForms({ initialTab = "signin" }: { initialTab?: "signin" | "register" }) {
  return (
    <div>
      <Tabs
        label="Account"
        defaultKey={initialTab}
        tabs={[
          { key: "signin", label: "Sign In", content: <SignInForm /> },
          { key: "register", label: "Create Account", content: <RegisterForm /> },
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
