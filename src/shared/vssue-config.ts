// Widget B is declared in widgets/vssue.ts; its own files import its names from here.
export {
  SERVICE_EXCHANGED,
  VSSUE_PLATFORMS,
  type VssueOptions as VssueClientConfig,
  type VssuePlatform,
  type VssueSiteConfig,
  type VssueSlotProps,
} from './widgets/vssue.js'
