import Controls
import LayercastQuartz

/// A menu icon written as iOS code writes it: layers in stored properties, changed by a method,
/// a value beside them in `@ControlState`. Its only Layercast words are the imports, the
/// protocol, `@ControlState` and the command's declaration.
public final class MenuIcon: LayerControl {
    public static let id = FrameSubject(rawValue: "menu-icon")
    public static let title = "Menu icon"
    public static var commands: [CommandDeclaration] {
        [CommandDeclaration("menuIconToggle", on: MenuIcon.self, summary: "Turns the bars into a cross and back") { icon, _ in
            icon.toggle()
        },
         CommandDeclaration("menuIconBreak", on: MenuIcon.self, summary: "Sets a position no one can draw") { icon, _ in
            icon.top.position = CGPoint(x: CGFloat.nan, y: 0)
        },
         CommandDeclaration("menuIconTangle", on: MenuIcon.self, summary: "Asks a bar to hold the icon, which holds it") { icon, _ in
            icon.top.addSublayer(icon.layer)
            icon.middle.opacity = 0.5
        }]
    }

    public let layer = CALayer()
    let top = CAShapeLayer()
    let middle = CAShapeLayer()
    let bottom = CAShapeLayer()
    @ControlState var showsMenu = true

    public init() {
        layer.bounds = CGRect(x: 0, y: 0, width: 44, height: 44)
        for (i, bar) in [top, middle, bottom].enumerated() {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 2))
            path.addLine(to: CGPoint(x: 24, y: 2))
            bar.path = path
            bar.strokeColor = UIColor.systemBlue.cgColor
            bar.lineWidth = 4
            bar.bounds = CGRect(x: 0, y: 0, width: 24, height: 4)
            bar.position = CGPoint(x: 22, y: 14 + 8 * CGFloat(i))
            bar.name = ["top", "middle", "bottom"][i]
            layer.addSublayer(bar)
        }
    }

    /// As a view re-sets its layers' colours when the theme changes.
    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        for bar in [top, middle, bottom] { bar.strokeColor = UIColor.systemBlue.cgColor }
    }

    func toggle() {
        showsMenu.toggle()
        top.transform = showsMenu ? CATransform3DIdentity
            : CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 0, 1), CATransform3DMakeTranslation(0, 8, 0))
        bottom.transform = showsMenu ? CATransform3DIdentity
            : CATransform3DConcat(CATransform3DMakeRotation(-.pi / 4, 0, 0, 1), CATransform3DMakeTranslation(0, -8, 0))
        middle.opacity = showsMenu ? 1 : 0
    }
}

extension ControlList {
    /// The menu icon alone, made once: what a list derives (its API, its commands) refers back to
    /// the list, so a list made and dropped in each test would be a cycle LeakSanitizer reports.
    public static let menuIcon: ControlList = {
        do {
            return try ControlList([MenuIcon.plugin])
        } catch {
            preconditionFailure("the menu icon alone is a valid list: \(error)")
        }
    }()
}
