"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";
import { Pager, QueryState, SearchBox, SectionHeading, useDebounced } from "./console/shared";
import { MessageCard } from "./messages/message-card";

const PAGE_SIZE = 20;

/** The Messages tab: contact-form messages, searched, read/unread, answered from here (messages/message-card.tsx). */
export function MessagesTab() {
  const trpc = useTRPC();
  const [filter, setFilter] = useState<"all" | "unread">("all");
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search.trim());
  const list = useQuery({
    ...trpc.admin.messages.list.queryOptions({ filter, search: debounced, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const data = list.data;
  return (
    <section aria-labelledby="messages-heading">
      <div id="messages-heading">
        <SectionHeading
          title="Messages"
          description={
            data
              ? `Messages sent through the contact form, newest first. ${data.unread} unread.`
              : "Messages sent through the contact form, newest first."
          }
        />
      </div>
      <div className="mb-3 max-w-md">
        <SearchBox
          id="message-search"
          label="Search messages"
          placeholder="Name, email, company or words in the message"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </div>
      <fieldset className="mb-4">
        <legend className="text-sm font-medium text-slate-800">Show</legend>
        <div className="mt-1 flex gap-4 text-sm">
          {(["all", "unread"] as const).map((value) => (
            <label key={value} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name="message-filter"
                value={value}
                checked={filter === value}
                onChange={() => {
                  setFilter(value);
                  setPage(1);
                }}
              />
              {value === "all" ? "All messages" : "Unread only"}
            </label>
          ))}
        </div>
      </fieldset>

      <QueryState
        isPending={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        loadingText="Loading messages..."
        fallback="Failed to load messages"
      />
      {data && data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          {debounced ? "No message matches your search." : filter === "unread" ? "No unread messages." : "No messages yet."}
        </p>
      ) : null}
      {data ? (
        <ul className="grid gap-4">
          {data.items.map((m) => (
            <li key={m.id}>
              <MessageCard message={m} />
            </li>
          ))}
        </ul>
      ) : null}
      {data ? <Pager label="Messages pages" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} /> : null}
    </section>
  );
}
