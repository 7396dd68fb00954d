import type { Dispatch, SetStateAction } from "react";
import { inputClasses } from "@coach/ui/field";
import type { AvailabilitySettings } from "@coach/scheduling";

/** How a part of the availability form changes the settings being edited (the editor's state setter). */
export type EditSettings = Dispatch<SetStateAction<AvailabilitySettings>>;

/** The form's text, time and number inputs. */
export const input = `${inputClasses} border-slate-300`;
