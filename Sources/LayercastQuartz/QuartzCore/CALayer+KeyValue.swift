import Animation

/// Key-value coding as a layer has it: a property's name reads and writes the property, and any
/// other key keeps a value of its own, as Core Animation's layers keep values for undefined keys
/// (docs/design/quartz.md §Keys).
extension CALayer {
    /// A property by its key, read and written with values of the property's own type.
    struct KeyedProperty: Sendable {
        let get: @Sendable (CALayer) -> Any?
        let set: @Sendable (CALayer, Any?) -> Bool
    }

    static func keyed<Layer: CALayer, Value>(_ path: ReferenceWritableKeyPath<Layer, Value> & Sendable) -> KeyedProperty {
        KeyedProperty(get: { ($0 as? Layer)?[keyPath: path] }, set: { layer, value in
            guard let layer = layer as? Layer, let typed = value as? Value ?? KeyedProperty.number(value, as: Value.self) else { return false }
            layer[keyPath: path] = typed
            return true
        })
    }

    static let layerKeys: [String: KeyedProperty] = [
        "bounds": keyed(\CALayer.bounds), "position": keyed(\CALayer.position), "anchorPoint": keyed(\CALayer.anchorPoint),
        "anchorPointZ": keyed(\CALayer.anchorPointZ), "zPosition": keyed(\CALayer.zPosition), "frame": keyed(\CALayer.frame),
        "transform": keyed(\CALayer.transform), "sublayerTransform": keyed(\CALayer.sublayerTransform),
        "doubleSided": keyed(\CALayer.isDoubleSided), "hidden": keyed(\CALayer.isHidden), "opacity": keyed(\CALayer.opacity),
        "name": keyed(\CALayer.name), "backgroundColor": keyed(\CALayer.backgroundColor), "cornerRadius": keyed(\CALayer.cornerRadius),
        "maskedCorners": keyed(\CALayer.maskedCorners), "cornerCurve": keyed(\CALayer.cornerCurve),
        "borderWidth": keyed(\CALayer.borderWidth), "borderColor": keyed(\CALayer.borderColor),
        "masksToBounds": keyed(\CALayer.masksToBounds), "shadowColor": keyed(\CALayer.shadowColor),
        "shadowOpacity": keyed(\CALayer.shadowOpacity), "shadowOffset": keyed(\CALayer.shadowOffset),
        "shadowRadius": keyed(\CALayer.shadowRadius), "shadowPath": keyed(\CALayer.shadowPath),
        "contentsScale": keyed(\CALayer.contentsScale),
    ]

    static let shapeKeys: [String: KeyedProperty] = [
        "path": keyed(\CAShapeLayer.path), "fillColor": keyed(\CAShapeLayer.fillColor), "fillRule": keyed(\CAShapeLayer.fillRule),
        "strokeColor": keyed(\CAShapeLayer.strokeColor), "lineWidth": keyed(\CAShapeLayer.lineWidth),
        "lineCap": keyed(\CAShapeLayer.lineCap), "lineJoin": keyed(\CAShapeLayer.lineJoin), "miterLimit": keyed(\CAShapeLayer.miterLimit),
        "lineDashPattern": keyed(\CAShapeLayer.lineDashPattern), "lineDashPhase": keyed(\CAShapeLayer.lineDashPhase),
        "strokeStart": keyed(\CAShapeLayer.strokeStart), "strokeEnd": keyed(\CAShapeLayer.strokeEnd),
    ]

    static let gradientKeys: [String: KeyedProperty] = [
        "colors": keyed(\CAGradientLayer.colors), "locations": keyed(\CAGradientLayer.locations),
        "startPoint": keyed(\CAGradientLayer.startPoint), "endPoint": keyed(\CAGradientLayer.endPoint),
        "type": keyed(\CAGradientLayer.type),
    ]

    static let replicatorKeys: [String: KeyedProperty] = [
        "instanceCount": keyed(\CAReplicatorLayer.instanceCount), "instanceTransform": keyed(\CAReplicatorLayer.instanceTransform),
        "instanceDelay": keyed(\CAReplicatorLayer.instanceDelay), "instanceColor": keyed(\CAReplicatorLayer.instanceColor),
        "instanceRedOffset": keyed(\CAReplicatorLayer.instanceRedOffset),
        "instanceGreenOffset": keyed(\CAReplicatorLayer.instanceGreenOffset),
        "instanceBlueOffset": keyed(\CAReplicatorLayer.instanceBlueOffset),
        "instanceAlphaOffset": keyed(\CAReplicatorLayer.instanceAlphaOffset),
        "preservesDepth": keyed(\CAReplicatorLayer.preservesDepth),
    ]

    static let textKeys: [String: KeyedProperty] = [
        "string": keyed(\CATextLayer.string), "font": keyed(\CATextLayer.font), "fontSize": keyed(\CATextLayer.fontSize),
        "foregroundColor": keyed(\CATextLayer.foregroundColor), "alignmentMode": keyed(\CATextLayer.alignmentMode),
        "wrapped": keyed(\CATextLayer.isWrapped), "truncationMode": keyed(\CATextLayer.truncationMode),
    ]

    /// A shape layer's keys: its own and every layer's, merged once; a gradient, replicator or text
    /// layer's likewise.
    static let shapeLayerKeys = layerKeys.merging(shapeKeys) { $1 }
    static let gradientLayerKeys = layerKeys.merging(gradientKeys) { $1 }
    static let replicatorLayerKeys = layerKeys.merging(replicatorKeys) { $1 }
    static let textLayerKeys = layerKeys.merging(textKeys) { $1 }

    private var keyedProperties: [String: KeyedProperty] {
        switch self {
        case is CAShapeLayer: Self.shapeLayerKeys
        case is CAGradientLayer: Self.gradientLayerKeys
        case is CAReplicatorLayer: Self.replicatorLayerKeys
        case is CATextLayer: Self.textLayerKeys
        default: Self.layerKeys
        }
    }

    /// A property's value by its key (in the property's own type: `CGFloat`, `Float`, `CGPoint`, …),
    /// or the value kept under another key, or nil.
    public func value(forKey key: String) -> Any? {
        if let property = keyedProperties[key] { return property.get(self) }
        return read("value(forKey: \"\(key)\")") { $0.userValues[key] }.map { value -> Any in
            switch value {
            case .bool(let b): b
            case .number(let n): CGFloat(n)
            case .string(let s): s
            }
        }
    }

    /// Sets a property by its key, or keeps `value` under another key. A value of the wrong type
    /// for a property, or one that is not a number, flag or text for another key, is ignored and
    /// warned about; nil removes a kept value.
    public func setValue(_ value: Any?, forKey key: String) {
        if let property = keyedProperties[key] {
            if !property.set(self, value) {
                session(for: "setValue(_:forKey:)").warn("setValue(_:forKey: \"\(key)\"): \(value.map { "\(type(of: $0))" } ?? "nil") does not fit the property; ignored")
            }
            return
        }
        let kept: LayerNode.UserValue?
        switch value {
        case nil: kept = nil
        case let b as Bool: kept = .bool(b)
        case let n as CGFloat: kept = .number(Double(n))
        case let n as Double: kept = .number(n)
        case let n as Float: kept = .number(Double(n))
        case let n as Int: kept = .number(Double(n))
        case let s as String: kept = .string(s)
        default:
            session(for: "setValue(_:forKey:)").warn("setValue(_:forKey: \"\(key)\"): only numbers, flags and text are kept under keys that are not properties; ignored")
            return
        }
        write("setValue(_:forKey: \"\(key)\")") { $0.userValues[key] = kept }
    }
}

extension CALayer.KeyedProperty {
    /// A number given as another number type than the property's (an `Int` for a `CGFloat`), as
    /// Objective-C's NSNumber bridging allows.
    static func number<Value>(_ value: Any?, as type: Value.Type) -> Value? {
        let double: Double? = switch value {
        case let n as Int: Double(n)
        case let n as Double: n
        case let n as Float: Double(n)
        case let n as CGFloat: Double(n)
        default: nil
        }
        guard let double else { return nil }
        if Value.self == CGFloat.self { return CGFloat(double) as? Value }
        if Value.self == Float.self { return Float(double) as? Value }
        return nil
    }
}
