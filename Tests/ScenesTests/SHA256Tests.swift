import LayercastTesting
import Scenes
import Testing

@Suite struct SHA256Tests {

    /// FIPS 180-4's examples, one and two blocks, and the padding edge at 55/56/64 bytes against sha256sum.
    @Test func knownDigests() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        for count in [55, 56, 63, 64, 65, 1000] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            #expect(SHA256.hex(bytes) == SHA256Reference.hex(bytes), "\(count) bytes")
        }
    }
}
