/** leadership figures of issue 29 on the written and the synthetic banks (docs/decisions/0039; describe-targets.ts). */
import { describeTargets } from "./describe-targets";

describeTargets("leadership");
