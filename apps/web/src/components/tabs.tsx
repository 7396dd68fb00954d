"use client";

import { useEffect, useRef, useState } from "react";

export interface TabItem {
  key: string;
  label: string;
  /** What the panel shows; a page may leave unselected panels empty (null) and fill only the selected one. */
  content: React.ReactNode;
}

/**
 * Accessible tabs (WAI-ARIA pattern: arrow keys, Home/End, automatic activation) for the public
 * pages, where a tab group must cost little to hydrate (Headless UI's, in @coach/ui, is for the app).
 * Every panel stays in the page, hidden when not selected, so server-rendered content is indexable
 * and needs no fetch. Uncontrolled by default; `selectedKey` with `onSelect` lets a page keep the
 * selection elsewhere (in the address, for instance).
 */
export function Tabs({
  label,
  tabs,
  selectedKey,
  onSelect,
}: {
  label: string;
  tabs: TabItem[];
  selectedKey?: string;
  onSelect?: (key: string) => void;
}) {
  const [ownKey, setOwnKey] = useState(tabs[0]?.key);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = selectedKey ?? ownKey;
  const selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === current),
  );

  const select = (index: number) => {
    const key = tabs[index]?.key;
    if (key === undefined) return;
    setOwnKey(key);
    onSelect?.(key);
  };
  // A tab clicked before the page's scripts ran did nothing but take focus (issue 32: on /resources a
  // tab clicked right after load was ignored): once hydrated, the focused tab is the one the visitor chose.
  useEffect(() => {
    const early = refs.current.findIndex((element) => element !== null && element === document.activeElement);
    if (early > 0) select(early);
    // Runs once, at hydration; later clicks go through onClick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const focusTab = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    select(next);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              refs.current[index] = element;
            }}
            id={`tab-${tab.key}`}
            role="tab"
            type="button"
            aria-selected={selected === index}
            aria-controls={`panel-${tab.key}`}
            tabIndex={selected === index ? 0 : -1}
            onClick={() => select(index)}
            onKeyDown={(event) => {
              if (event.key === "ArrowRight") focusTab(index + 1);
              else if (event.key === "ArrowLeft") focusTab(index - 1);
              else if (event.key === "Home") focusTab(0);
              else if (event.key === "End") focusTab(tabs.length - 1);
              else return;
              event.preventDefault();
            }}
            className={`flex-1 rounded-md px-4 py-2.5 text-sm font-semibold sm:text-base ${
              selected === index ? "bg-white text-brand-800 shadow" : "text-slate-700 hover:text-brand-800"
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.key}
          id={`panel-${tab.key}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab.key}`}
          tabIndex={0}
          hidden={selected !== index}
          className="mt-8 rounded-md"
        >
          <h2 className="sr-only">{tab.label}</h2>
          {tab.content}
        </div>
      ))}
    </div>
  );
}
