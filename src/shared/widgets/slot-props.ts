import type { ValineSlotProps } from './valine.js'
import type { VssueSlotProps } from './vssue.js'

/**
 * What a route's widget slots receive, made by the build for that route (its locale's settings
 * merged in), so the page hands them on as they are.
 */
export interface RouteWidgetProps {
  valine?: ValineSlotProps
  vssue?: VssueSlotProps
}
