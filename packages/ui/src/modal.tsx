"use client";

import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { clsx } from "clsx";
import type { ReactNode } from "react";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** the panel's width: md for a question, lg for a form with a calendar or several fields */
  size?: "md" | "lg";
  children: ReactNode;
}

/**
 * The site's one modal: a dimmed backdrop, a centred panel that scrolls with the page when taller
 * than the screen, and its title as the dialog's name. Headless UI traps focus, closes on Escape
 * and returns focus to the opener.
 */
export function Modal({ open, onClose, title, size = "md", children }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className={clsx("w-full rounded-lg bg-white p-6 shadow-xl", size === "lg" ? "max-w-lg" : "max-w-md")}>
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
