"use client";

import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { clsx } from "clsx";
import type { ReactNode } from "react";

export interface TabItem {
  /** Stable key (also handy for URL state). */
  key: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  tabs: TabItem[];
  /** Controlled selection by key. */
  selectedKey?: string;
  defaultKey?: string;
  onChange?: (key: string) => void;
  className?: string;
  listClassName?: string;
  /** Accessible name of the tab list. */
  label?: string;
}

/** Headless UI tabs (arrow keys, Home/End, roving focus) in the site's style. */
export function Tabs({ tabs, selectedKey, defaultKey, onChange, className, listClassName, label }: TabsProps) {
  const indexOf = (key?: string) =>
    Math.max(
      0,
      tabs.findIndex((t) => t.key === key),
    );
  return (
    <TabGroup
      className={className}
      selectedIndex={selectedKey !== undefined ? indexOf(selectedKey) : undefined}
      defaultIndex={defaultKey !== undefined ? indexOf(defaultKey) : undefined}
      onChange={(index) => {
        const key = tabs[index]?.key;
        if (key !== undefined) onChange?.(key);
      }}
    >
      <TabList aria-label={label} className={clsx("flex gap-1 rounded-lg bg-slate-100 p-1", listClassName)}>
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            className="flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-brand-600 data-[selected]:bg-white data-[selected]:text-brand-800 data-[selected]:shadow"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-6">
        {tabs.map((tab) => (
          <TabPanel key={tab.key} className="focus:outline-none data-[focus]:ring-2 data-[focus]:ring-brand-600 rounded-md">
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
