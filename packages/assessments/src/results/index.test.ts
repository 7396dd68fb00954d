import { describe, expect, expectTypeOf, it } from "vitest";
import type { EqResultData, IqResultData, LeadershipResultData, PersonalityResultData } from "../scoring";
import { scoreAttempt } from "../scoring";
import { questionsOf } from "../testing/simulate";
import {
  type EqResult,
  type IqResult,
  type LeadershipResult,
  type PersonalityResult,
  invalidatingFlags,
  notAMeasurement,
  readResultData,
} from ".";

describe("ResultData schemas", () => {
  it("are the scorers' types", () => {
    expectTypeOf<LeadershipResult>().toEqualTypeOf<LeadershipResultData>();
    expectTypeOf<EqResult>().toEqualTypeOf<EqResultData>();
    // An intersection type is never "equal" to the flat object zod infers: assignable both ways instead.
    expectTypeOf<PersonalityResult>().toMatchTypeOf<PersonalityResultData>();
    expectTypeOf<PersonalityResultData>().toMatchTypeOf<PersonalityResult>();
    expectTypeOf<IqResult>().toMatchTypeOf<IqResultData>();
    expectTypeOf<IqResultData>().toMatchTypeOf<IqResult>();
  });

  it("accept what each scorer stores and reject an earlier shape", () => {
    for (const type of ["leadership", "eq", "personality", "iq"] as const) {
      const questions = questionsOf(type);
      // Varied answers: the first option of a choice item, 1..5 cycling on a slider.
      const answers = Object.fromEntries(
        questions.map((q, i) => [String(q.id), q.type === "slider" ? String((i % 5) + 1) : (q.options?.[i % 2] ?? "")]),
      );
      const { resultData } = scoreAttempt(type, questions, answers);
      expect(readResultData(type, resultData).data, type).not.toBeNull();
    }
    expect(readResultData("leadership", { styles: { visionary: 60 } }).data).toBeNull();
  });

  it("name the flags that make a result not a measurement", () => {
    expect(invalidatingFlags({ quality: { flags: ["incomplete", "careless"] } })).toEqual(["careless"]);
    expect(invalidatingFlags(null)).toEqual([]);
    expect(notAMeasurement({ quality: { flags: ["chance-level", "floor"] } })).toBe(
      "Not a measurement: the correct answers are within what guessing gives",
    );
    expect(notAMeasurement({ quality: { flags: ["ceiling"] } })).toBeNull();
  });
});
