"use client";

import { usePathname, useRouter } from "next/navigation";
import { Tabs } from "@coach/ui/tabs";
import { AvailabilitySettingsForm } from "./availability/availability-settings";
import { CalendarSettings } from "./calendar-settings";

const TABS = ["calendar", "availability"] as const;

export function SettingsView({
  initialTab,
  callbackResult,
}: {
  initialTab?: string;
  callbackResult?: { connected: boolean; message?: string };
}) {
  const router = useRouter();
  const pathname = usePathname();
  return (
    <Tabs
      label="Settings"
      defaultKey={TABS.find((t) => t === initialTab) ?? "calendar"}
      onChange={(key) => router.replace(`${pathname}?tab=${key}`, { scroll: false })}
      tabs={[
        { key: "calendar", label: "Calendar Integration", content: <CalendarSettings callbackResult={callbackResult} /> },
        { key: "availability", label: "Availability", content: <AvailabilitySettingsForm /> },
      ]}
    />
  );
}
