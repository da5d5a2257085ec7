print("layercast")
