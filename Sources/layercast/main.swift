// The entry point only; the commands live in their own files (C callbacks never live here).
Layercast.run()
