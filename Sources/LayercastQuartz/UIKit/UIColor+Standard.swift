/// UIKit's named colours. The fixed ones are UIKit's component values; the system and semantic
/// ones follow light and dark as Apple's Human Interface Guidelines list them (docs/design/quartz.md
/// §Colours).
extension UIColor {
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    public class var systemRed: UIColor { .system(light: (255, 59, 48), dark: (255, 69, 58)) }
    public class var systemOrange: UIColor { .system(light: (255, 149, 0), dark: (255, 159, 10)) }
    public class var systemYellow: UIColor { .system(light: (255, 204, 0), dark: (255, 214, 10)) }
    public class var systemGreen: UIColor { .system(light: (52, 199, 89), dark: (48, 209, 88)) }
    public class var systemMint: UIColor { .system(light: (0, 199, 190), dark: (99, 230, 226)) }
    public class var systemTeal: UIColor { .system(light: (48, 176, 199), dark: (64, 200, 224)) }
    public class var systemCyan: UIColor { .system(light: (50, 173, 230), dark: (100, 210, 255)) }
    public class var systemBlue: UIColor { .system(light: (0, 122, 255), dark: (10, 132, 255)) }
    public class var systemIndigo: UIColor { .system(light: (88, 86, 214), dark: (94, 92, 230)) }
    public class var systemPurple: UIColor { .system(light: (175, 82, 222), dark: (191, 90, 242)) }
    public class var systemPink: UIColor { .system(light: (255, 45, 85), dark: (255, 55, 95)) }
    public class var systemBrown: UIColor { .system(light: (162, 132, 94), dark: (172, 142, 104)) }
    public class var systemGray: UIColor { .system(light: (142, 142, 147), dark: (142, 142, 147)) }
    public class var systemGray2: UIColor { .system(light: (174, 174, 178), dark: (99, 99, 102)) }
    public class var systemGray3: UIColor { .system(light: (199, 199, 204), dark: (72, 72, 74)) }
    public class var systemGray4: UIColor { .system(light: (209, 209, 214), dark: (58, 58, 60)) }
    public class var systemGray5: UIColor { .system(light: (229, 229, 234), dark: (44, 44, 46)) }
    public class var systemGray6: UIColor { .system(light: (242, 242, 247), dark: (28, 28, 30)) }
    public class var tintColor: UIColor { systemBlue }
    public class var link: UIColor { .system(light: (0, 122, 255), dark: (9, 132, 255)) }

    public class var label: UIColor { .system(light: (0, 0, 0), dark: (255, 255, 255)) }
    public class var secondaryLabel: UIColor { .system(light: (60, 60, 67), dark: (235, 235, 245), alpha: (0.6, 0.6)) }
    public class var tertiaryLabel: UIColor { .system(light: (60, 60, 67), dark: (235, 235, 245), alpha: (0.3, 0.3)) }
    public class var quaternaryLabel: UIColor { .system(light: (60, 60, 67), dark: (235, 235, 245), alpha: (0.18, 0.16)) }
    public class var systemFill: UIColor { .system(light: (120, 120, 128), dark: (120, 120, 128), alpha: (0.2, 0.36)) }
    public class var separator: UIColor { .system(light: (60, 60, 67), dark: (84, 84, 88), alpha: (0.29, 0.6)) }
    public class var opaqueSeparator: UIColor { .system(light: (198, 198, 200), dark: (56, 56, 58)) }
    public class var systemBackground: UIColor { .system(light: (255, 255, 255), dark: (0, 0, 0)) }
    public class var secondarySystemBackground: UIColor { .system(light: (242, 242, 247), dark: (28, 28, 30)) }
    public class var tertiarySystemBackground: UIColor { .system(light: (255, 255, 255), dark: (44, 44, 46)) }
    public class var systemGroupedBackground: UIColor { .system(light: (242, 242, 247), dark: (0, 0, 0)) }

    /// A colour given as 8-bit sRGB for light and dark; unspecified resolves as light.
    private static func system(light: (Int, Int, Int), dark: (Int, Int, Int), alpha: (CGFloat, CGFloat) = (1, 1)) -> UIColor {
        UIColor { traits in
            let (rgb, a) = traits.userInterfaceStyle == .dark ? (dark, alpha.1) : (light, alpha.0)
            return UIColor(red: CGFloat(rgb.0) / 255, green: CGFloat(rgb.1) / 255, blue: CGFloat(rgb.2) / 255, alpha: a)
        }
    }
}
