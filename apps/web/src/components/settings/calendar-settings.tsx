"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button, buttonClasses } from "@coach/ui/button";
import { TextField } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { calendarSettingsSchema, type CalendarSettingsInput } from "@coach/validators/calendar";
import { useTRPC } from "~/trpc/react";

/** Calendar Integration: status, the OAuth client form, the Authorize link and Disconnect. */
export function CalendarSettings({ callbackResult }: { callbackResult?: { connected: boolean; message?: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.settings.googleCalendar.queryOptions());
  const [authUrl, setAuthUrl] = useState<string | null>(null);
  // On failure the page falls back to empty values and not connected (spec section 7).
  const data = settings.data ?? { clientId: "", clientSecret: "", redirectUri: "", connected: false, message: null };

  const form = useForm<CalendarSettingsInput>({
    resolver: zodResolver(calendarSettingsSchema),
    values: { clientId: data.clientId, clientSecret: data.clientSecret, redirectUri: data.redirectUri },
  });
  const { register, handleSubmit, formState } = form;

  useEffect(() => {
    if (!callbackResult) return;
    if (callbackResult.connected)
      toast({ title: "Google Calendar connected", description: "New bookings now appear in your calendar with a Meet link." });
    else
      toast({
        title: "Google Calendar not connected",
        description: callbackResult.message ?? "The authorization did not complete.",
        variant: "destructive",
      });
  }, [callbackResult]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.settings.googleCalendar.queryKey() });
  const save = useMutation(
    trpc.settings.saveGoogleCalendar.mutationOptions({
      onSuccess: (result) => {
        setAuthUrl(result.authUrl ?? null);
        toast({
          title: "Settings saved",
          description: result.authUrl && !result.connected ? "Now authorize access to your Google Calendar." : undefined,
        });
        void refresh();
      },
      onError: () => toast({ title: "Error", description: "Failed to save settings", variant: "destructive" }),
    }),
  );
  const disconnect = useMutation(
    trpc.settings.disconnectGoogleCalendar.mutationOptions({
      onSuccess: () => {
        setAuthUrl(null);
        toast({ title: "Disconnected", description: "Google Calendar is no longer connected." });
        void refresh();
      },
      onError: () => toast({ title: "Error", description: "Failed to disconnect Google Calendar", variant: "destructive" }),
    }),
  );

  return (
    <div className="max-w-2xl space-y-6">
      <section aria-labelledby="calendar-status" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="calendar-status" className="text-lg font-semibold text-slate-900">
          Google Calendar
        </h2>
        <p className="mt-2 flex items-center gap-2 text-slate-800" role="status">
          <span
            aria-hidden="true"
            className={`inline-block h-2.5 w-2.5 rounded-full ${data.connected ? "bg-green-600" : "bg-slate-400"}`}
          />
          {settings.isPending ? "Checking connection..." : data.connected ? "Connected" : "Not connected"}
        </p>
        {data.message ? (
          <p role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {data.message}
          </p>
        ) : null}
        <p className="mt-3 text-sm text-slate-700">
          When connected, each booking creates an event with a Google Meet link in your calendar, a cancellation removes it, and your busy
          times are hidden from the booking calendar.
        </p>
        {data.connected ? (
          <Button variant="outline" className="mt-4" loading={disconnect.isPending} onClick={() => disconnect.mutate(undefined)}>
            Disconnect
          </Button>
        ) : null}
      </section>

      <form
        noValidate
        onSubmit={handleSubmit((values) => save.mutate(values))}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
        aria-labelledby="calendar-credentials"
      >
        <h2 id="calendar-credentials" className="text-lg font-semibold text-slate-900">
          OAuth client
        </h2>
        <p className="text-sm text-slate-700">
          Create an OAuth client of type &quot;Web application&quot; in Google Cloud Console and add the Redirect URI below to it. The
          secret is stored encrypted and never shown again.
        </p>
        <TextField label="Client ID" autoComplete="off" {...register("clientId")} error={formState.errors.clientId?.message} />
        <TextField
          label="Client Secret"
          type="password"
          autoComplete="new-password"
          hint={data.clientSecret ? "Leave the masked value to keep the saved secret." : undefined}
          {...register("clientSecret")}
          error={formState.errors.clientSecret?.message}
        />
        <TextField
          label="Redirect URI"
          type="url"
          autoComplete="off"
          {...register("redirectUri")}
          error={formState.errors.redirectUri?.message}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={save.isPending}>
            Save Settings
          </Button>
          {authUrl && !data.connected ? (
            <a href={authUrl} className={buttonClasses({ variant: "secondary" })}>
              Authorize Google Calendar
            </a>
          ) : null}
        </div>
      </form>
    </div>
  );
}
