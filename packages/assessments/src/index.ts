export * from "./types";
export { INSTRUMENTS } from "./instruments";
export * from "./labels";
export * from "./scoring";
export { type ResultChange, type StoredResult, resultChange } from "./scoring/change";
export {
  type CalibratedItem,
  type CalibrationOutcome,
  type IqCalibration,
  MIN_CALIBRATION_PEOPLE,
  informationCurve,
} from "./irt/calibrate";
export {
  CALIBRATED_SLIDER_TYPES,
  MIN_SLIDER_CALIBRATION_PEOPLE,
  type SliderCalibratedItem,
  type SliderCalibration,
  type SliderCalibrationOutcome,
  calibrateSliderTest,
  isSliderCalibration,
  withSliderCalibration,
} from "./irt/calibrate-slider";
export {
  type ItemFlag,
  type ItemMatrix,
  type ItemStatistic,
  LOW_ITEM_REST,
  MIN_RESPONDENTS_FOR_RELIABILITY,
  type ReliabilityEstimate,
  cronbachAlpha,
  itemStatistics,
  kr20,
} from "./stats/reliability";
export {
  IQ_SCALE,
  type ScaleMatrix,
  type ScaleStatistics,
  instrumentStatistics,
  scaleMatrices,
  scaleNormsFromData,
} from "./stats/instrument";
export { type NextQuestion, nextQuestion } from "./adaptive/next-question";
export { MINUTES, SECONDS_PER_ITEM, itemBudget } from "./adaptive/budget";
