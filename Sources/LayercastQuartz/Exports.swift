// Foundation on Linux declares CGFloat, CGPoint, CGSize and CGRect; a port that imports this module
// sees them as it saw them through UIKit (docs/design/quartz.md §Modules).
@_exported import Foundation
