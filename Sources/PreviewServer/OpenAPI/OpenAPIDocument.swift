// The OpenAPI 3.1 description of every route, served at GET /openapi.json. It is kept here as
// text rather than as a bundle resource so the binary needs no resource folder beside it (a missing
// bundle would stop the server), and it is checked against the router by OpenAPIDocumentTests.
// Edit the JSON in place; keep it valid and in step with API/Routes.swift.

enum OpenAPIDocument {
    static let json = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "Layercast",
    "version": "0.1.0",
    "description": "Four iOS animated controls rendered on one animation clock: frames, clips and an MJPEG stream to watch them, commands to drive them, and their state to check them.\n\nEvery GET route also answers HEAD, and every path answers OPTIONS with its Allow list. State-changing routes (POST and PUT) refuse cross-site requests (403) and, with --token, requests without the token (401). Commands take their parameters from the query, a form body or a JSON body. Every error is a JSON object `{error, parameter?, allowed?}`."
  },
  "servers": [
    {
      "url": "/",
      "description": "This server."
    }
  ],
  "tags": [
    {
      "name": "server"
    },
    {
      "name": "state"
    },
    {
      "name": "frames"
    },
    {
      "name": "clock"
    },
    {
      "name": "spinner"
    },
    {
      "name": "meter"
    },
    {
      "name": "player"
    },
    {
      "name": "play-button"
    },
    {
      "name": "page"
    }
  ],
  "paths": {
    "/healthz": {
      "get": {
        "operationId": "health",
        "summary": "Liveness check",
        "tags": [
          "server"
        ],
        "responses": {
          "200": {
            "description": "`ok` and a newline.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/openapi.json": {
      "get": {
        "operationId": "openapi",
        "summary": "This document",
        "tags": [
          "server"
        ],
        "responses": {
          "200": {
            "description": "The OpenAPI 3.1 description of every route.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "openapi",
                    "paths"
                  ]
                }
              }
            }
          }
        }
      }
    },
    "/state": {
      "get": {
        "operationId": "getState",
        "summary": "Every control's model and presentation values at one scene time",
        "tags": [
          "state"
        ],
        "responses": {
          "200": {
            "description": "The scene at one time.",
            "headers": {
              "Cache-Control": {
                "schema": {
                  "type": "string",
                  "const": "no-store"
                }
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SceneState"
                }
              }
            }
          }
        }
      }
    },
    "/layout": {
      "get": {
        "operationId": "getLayout",
        "summary": "How a control=all frame lays the controls out",
        "tags": [
          "frames"
        ],
        "responses": {
          "200": {
            "description": "The grid every `control=all` frame is drawn with; the same for the life of the server.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Layout"
                }
              }
            }
          }
        }
      }
    },
    "/metrics": {
      "get": {
        "operationId": "metrics",
        "summary": "Prometheus metrics",
        "tags": [
          "server"
        ],
        "description": "Requests per route and status, frames rendered and skipped, encode failures per format, bytes sent, open streams, and viewers per control and size class (labels take values from fixed sets only).",
        "responses": {
          "200": {
            "description": "Prometheus text exposition format 0.0.4.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/events": {
      "get": {
        "operationId": "events",
        "summary": "Server-Sent Events of state changes",
        "tags": [
          "state"
        ],
        "description": "An `event: state` with the whole /state JSON each time something a person would notice changes or a command is applied (the revision rises), and a comment line every 15 s. The response never ends by itself.",
        "responses": {
          "200": {
            "description": "An endless event stream.",
            "content": {
              "text/event-stream": {
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/frame.png": {
      "get": {
        "operationId": "framePNG",
        "summary": "One frame as PNG",
        "tags": [
          "frames"
        ],
        "description": "Renders the scene as it is now (or `ahead` seconds on, with no further commands) from a copy, so it never moves the live scene. With `variants=` the chosen control is shown in several modes, themes or scales side by side, each with a caption (header `X-Variants`).",
        "parameters": [
          {
            "$ref": "#/components/parameters/control"
          },
          {
            "$ref": "#/components/parameters/size"
          },
          {
            "$ref": "#/components/parameters/width"
          },
          {
            "$ref": "#/components/parameters/height"
          },
          {
            "$ref": "#/components/parameters/scale"
          },
          {
            "$ref": "#/components/parameters/quality"
          },
          {
            "$ref": "#/components/parameters/background"
          },
          {
            "$ref": "#/components/parameters/label"
          },
          {
            "$ref": "#/components/parameters/debug"
          },
          {
            "$ref": "#/components/parameters/ahead"
          },
          {
            "$ref": "#/components/parameters/variants"
          }
        ],
        "responses": {
          "200": {
            "description": "One frame.",
            "headers": {
              "X-Scene-Time": {
                "description": "The scene time the frame shows, seconds with 6 decimals.",
                "schema": {
                  "type": "string",
                  "pattern": "^-?[0-9]+\\.[0-9]{6}$"
                }
              },
              "X-Timestamp": {
                "description": "Wall-clock time of rendering, Unix seconds with microseconds.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]+\\.[0-9]{6}$"
                }
              },
              "Cache-Control": {
                "schema": {
                  "type": "string",
                  "const": "no-store"
                }
              },
              "X-Variants": {
                "description": "With variants=: the captions of the cells, left to right.",
                "schema": {
                  "type": "string"
                }
              }
            },
            "content": {
              "image/png": {
                "schema": {
                  "type": "string",
                  "contentMediaType": "image/png",
                  "contentEncoding": "binary"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          }
        }
      }
    },
    "/frame.jpg": {
      "get": {
        "operationId": "frameJPEG",
        "summary": "One frame as JPEG",
        "tags": [
          "frames"
        ],
        "description": "Renders the scene as it is now (or `ahead` seconds on, with no further commands) from a copy, so it never moves the live scene. With `variants=` the chosen control is shown in several modes, themes or scales side by side, each with a caption (header `X-Variants`).",
        "parameters": [
          {
            "$ref": "#/components/parameters/control"
          },
          {
            "$ref": "#/components/parameters/size"
          },
          {
            "$ref": "#/components/parameters/width"
          },
          {
            "$ref": "#/components/parameters/height"
          },
          {
            "$ref": "#/components/parameters/scale"
          },
          {
            "$ref": "#/components/parameters/quality"
          },
          {
            "$ref": "#/components/parameters/background"
          },
          {
            "$ref": "#/components/parameters/label"
          },
          {
            "$ref": "#/components/parameters/debug"
          },
          {
            "$ref": "#/components/parameters/ahead"
          },
          {
            "$ref": "#/components/parameters/variants"
          }
        ],
        "responses": {
          "200": {
            "description": "One frame.",
            "headers": {
              "X-Scene-Time": {
                "description": "The scene time the frame shows, seconds with 6 decimals.",
                "schema": {
                  "type": "string",
                  "pattern": "^-?[0-9]+\\.[0-9]{6}$"
                }
              },
              "X-Timestamp": {
                "description": "Wall-clock time of rendering, Unix seconds with microseconds.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]+\\.[0-9]{6}$"
                }
              },
              "Cache-Control": {
                "schema": {
                  "type": "string",
                  "const": "no-store"
                }
              },
              "X-Variants": {
                "description": "With variants=: the captions of the cells, left to right.",
                "schema": {
                  "type": "string"
                }
              }
            },
            "content": {
              "image/jpeg": {
                "schema": {
                  "type": "string",
                  "contentMediaType": "image/jpeg",
                  "contentEncoding": "binary"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          }
        }
      }
    },
    "/clip.webp": {
      "get": {
        "operationId": "clipWebP",
        "summary": "The next seconds of the scene as an animated WebP",
        "tags": [
          "frames"
        ],
        "description": "The next `seconds` of the scene from now (or from `ahead` seconds on), rendered from a copy with no further commands, at `fps`, as one animated image. The cost width × height × frames is capped at 480×480×600 (138,240,000): past that the answer is 400. At most two clips render at once per server; more get 503.",
        "parameters": [
          {
            "$ref": "#/components/parameters/control"
          },
          {
            "$ref": "#/components/parameters/size"
          },
          {
            "$ref": "#/components/parameters/width"
          },
          {
            "$ref": "#/components/parameters/height"
          },
          {
            "$ref": "#/components/parameters/scale"
          },
          {
            "$ref": "#/components/parameters/quality"
          },
          {
            "$ref": "#/components/parameters/background"
          },
          {
            "$ref": "#/components/parameters/label"
          },
          {
            "$ref": "#/components/parameters/debug"
          },
          {
            "$ref": "#/components/parameters/ahead"
          },
          {
            "$ref": "#/components/parameters/variants"
          },
          {
            "name": "seconds",
            "in": "query",
            "required": false,
            "description": "Length of the clip in seconds of scene time.",
            "schema": {
              "type": "number",
              "minimum": 0.1,
              "maximum": 20,
              "default": 3
            }
          },
          {
            "name": "fps",
            "in": "query",
            "required": false,
            "description": "Frames per second of the clip, 1–60; default the server's --fps (at most 60).",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 60
            }
          },
          {
            "name": "lossless",
            "in": "query",
            "required": false,
            "description": "Lossless WebP frames instead of lossy ones at `quality`.",
            "schema": {
              "type": "boolean",
              "default": false
            }
          }
        ],
        "responses": {
          "200": {
            "description": "An animated image, offered as a download.",
            "headers": {
              "X-Scene-Time": {
                "description": "The scene time the frame shows, seconds with 6 decimals.",
                "schema": {
                  "type": "string",
                  "pattern": "^-?[0-9]+\\.[0-9]{6}$"
                }
              },
              "X-Clip-Frames": {
                "description": "How many frames the clip holds.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]+$"
                }
              },
              "X-Clip-Seconds": {
                "schema": {
                  "type": "string"
                }
              },
              "Content-Disposition": {
                "schema": {
                  "type": "string",
                  "pattern": "^attachment; filename=\"layercast-[^\"]+\\.(webp|gif)\"$"
                }
              },
              "Server-Timing": {
                "description": "Render and encode time of the clip.",
                "schema": {
                  "type": "string"
                }
              },
              "Cache-Control": {
                "schema": {
                  "type": "string",
                  "const": "no-store"
                }
              }
            },
            "content": {
              "image/webp": {
                "schema": {
                  "type": "string",
                  "contentMediaType": "image/webp",
                  "contentEncoding": "binary"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "503": {
            "description": "Two clips are being rendered already; try again shortly.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/clip.gif": {
      "get": {
        "operationId": "clipGIF",
        "summary": "The next seconds of the scene as an animated GIF",
        "tags": [
          "frames"
        ],
        "description": "The next `seconds` of the scene from now (or from `ahead` seconds on), rendered from a copy with no further commands, at `fps`, as one animated image. The cost width × height × frames is capped at 480×480×600 (138,240,000): past that the answer is 400. At most two clips render at once per server; more get 503.",
        "parameters": [
          {
            "$ref": "#/components/parameters/control"
          },
          {
            "$ref": "#/components/parameters/size"
          },
          {
            "$ref": "#/components/parameters/width"
          },
          {
            "$ref": "#/components/parameters/height"
          },
          {
            "$ref": "#/components/parameters/scale"
          },
          {
            "$ref": "#/components/parameters/quality"
          },
          {
            "$ref": "#/components/parameters/background"
          },
          {
            "$ref": "#/components/parameters/label"
          },
          {
            "$ref": "#/components/parameters/debug"
          },
          {
            "$ref": "#/components/parameters/ahead"
          },
          {
            "$ref": "#/components/parameters/variants"
          },
          {
            "name": "seconds",
            "in": "query",
            "required": false,
            "description": "Length of the clip in seconds of scene time.",
            "schema": {
              "type": "number",
              "minimum": 0.1,
              "maximum": 20,
              "default": 3
            }
          },
          {
            "name": "fps",
            "in": "query",
            "required": false,
            "description": "Frames per second of the clip, 1–50; default the server's --fps (at most 50).",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 50
            }
          }
        ],
        "responses": {
          "200": {
            "description": "An animated image, offered as a download.",
            "headers": {
              "X-Scene-Time": {
                "description": "The scene time the frame shows, seconds with 6 decimals.",
                "schema": {
                  "type": "string",
                  "pattern": "^-?[0-9]+\\.[0-9]{6}$"
                }
              },
              "X-Clip-Frames": {
                "description": "How many frames the clip holds.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]+$"
                }
              },
              "X-Clip-Seconds": {
                "schema": {
                  "type": "string"
                }
              },
              "Content-Disposition": {
                "schema": {
                  "type": "string",
                  "pattern": "^attachment; filename=\"layercast-[^\"]+\\.(webp|gif)\"$"
                }
              },
              "Server-Timing": {
                "description": "Render and encode time of the clip.",
                "schema": {
                  "type": "string"
                }
              },
              "Cache-Control": {
                "schema": {
                  "type": "string",
                  "const": "no-store"
                }
              }
            },
            "content": {
              "image/gif": {
                "schema": {
                  "type": "string",
                  "contentMediaType": "image/gif",
                  "contentEncoding": "binary"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "503": {
            "description": "Two clips are being rendered already; try again shortly.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/stream.mjpg": {
      "get": {
        "operationId": "stream",
        "summary": "Live MJPEG stream",
        "tags": [
          "frames"
        ],
        "description": "multipart/x-mixed-replace JPEG parts at `fps`, always the newest frame (a slow viewer skips frames rather than falls behind). All viewers of one feed (the same frame parameters and fps) share one render and encode per frame. The response never ends by itself; it is sent as plain bytes until close, never chunked.",
        "parameters": [
          {
            "$ref": "#/components/parameters/control"
          },
          {
            "$ref": "#/components/parameters/size"
          },
          {
            "$ref": "#/components/parameters/width"
          },
          {
            "$ref": "#/components/parameters/height"
          },
          {
            "$ref": "#/components/parameters/scale"
          },
          {
            "$ref": "#/components/parameters/quality"
          },
          {
            "$ref": "#/components/parameters/background"
          },
          {
            "$ref": "#/components/parameters/label"
          },
          {
            "$ref": "#/components/parameters/debug"
          },
          {
            "name": "fps",
            "in": "query",
            "required": false,
            "description": "Frames per second; default the server's --fps.",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 60,
              "default": 30
            }
          }
        ],
        "responses": {
          "200": {
            "description": "An endless MJPEG stream.",
            "headers": {
              "Cache-Control": {
                "schema": {
                  "type": "string"
                }
              }
            },
            "content": {
              "multipart/x-mixed-replace": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "503": {
            "description": "--max-streams streams are open already.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/clock": {
      "get": {
        "operationId": "getClock",
        "summary": "The scene clock",
        "tags": [
          "clock"
        ],
        "responses": {
          "200": {
            "description": "The clock.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ClockReply"
                }
              }
            }
          }
        }
      },
      "post": {
        "operationId": "setClock",
        "summary": "Pause, resume, change speed, or step the clock",
        "description": "Give at least one of paused, speed, and step or frames (not both). Stepping needs a paused clock (409 otherwise); `frames` steps by frames / --fps. Booleans also accept 1/0, on/off, yes/no.",
        "tags": [
          "clock"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The clock after the change.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ClockReply"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        },
        "parameters": [
          {
            "name": "paused",
            "in": "query",
            "required": false,
            "description": "Pause or resume the one clock.",
            "schema": {
              "type": "boolean"
            }
          },
          {
            "name": "speed",
            "in": "query",
            "required": false,
            "description": "Rate of scene time to real time.",
            "schema": {
              "type": "number",
              "minimum": 0.05,
              "maximum": 8
            }
          },
          {
            "name": "step",
            "in": "query",
            "required": false,
            "description": "Seconds to step (paused only).",
            "schema": {
              "type": "number",
              "minimum": -60,
              "maximum": 60
            }
          },
          {
            "name": "frames",
            "in": "query",
            "required": false,
            "description": "Frames to step at --fps (paused only).",
            "schema": {
              "type": "integer",
              "minimum": -3600,
              "maximum": 3600
            }
          }
        ],
        "requestBody": {
          "required": false,
          "description": "Parameters may come in the query, a form body or a JSON body (JSON wins over form, form over query). A JSON body is an object of strings, numbers and booleans.",
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "paused": {
                    "type": "boolean"
                  },
                  "speed": {
                    "type": "number",
                    "minimum": 0.05,
                    "maximum": 8
                  },
                  "step": {
                    "type": "number",
                    "minimum": -60,
                    "maximum": 60
                  },
                  "frames": {
                    "type": "integer",
                    "minimum": -3600,
                    "maximum": 3600
                  }
                },
                "additionalProperties": true
              }
            },
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "properties": {
                  "paused": {
                    "type": "boolean"
                  },
                  "speed": {
                    "type": "number",
                    "minimum": 0.05,
                    "maximum": 8
                  },
                  "step": {
                    "type": "number",
                    "minimum": -60,
                    "maximum": 60
                  },
                  "frames": {
                    "type": "integer",
                    "minimum": -3600,
                    "maximum": 3600
                  }
                },
                "additionalProperties": true
              }
            }
          }
        }
      }
    },
    "/spinner/start": {
      "post": {
        "operationId": "spinnerStart",
        "summary": "Start the spinner",
        "description": "Starts the Material spinner (idempotent).",
        "tags": [
          "spinner"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SpinnerReply"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        }
      }
    },
    "/spinner/stop": {
      "post": {
        "operationId": "spinnerStop",
        "summary": "Stop the spinner",
        "description": "Stops the Material spinner (idempotent).",
        "tags": [
          "spinner"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SpinnerReply"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        }
      }
    },
    "/meter/press": {
      "post": {
        "operationId": "meterPress",
        "summary": "Press the record button",
        "description": "Starts a new segment. 409 when the meter is complete.",
        "tags": [
          "meter"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/MeterReply"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        }
      }
    },
    "/meter/release": {
      "post": {
        "operationId": "meterRelease",
        "summary": "Release the record button",
        "description": "Ends the current segment (nothing happens when not recording).",
        "tags": [
          "meter"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/MeterReply"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        }
      }
    },
    "/meter/hold": {
      "post": {
        "operationId": "meterHold",
        "summary": "Press and release after some seconds",
        "description": "Presses now and schedules the release `seconds` later.",
        "tags": [
          "meter"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/MeterReply"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        },
        "parameters": [
          {
            "name": "seconds",
            "in": "query",
            "required": false,
            "description": "How long to hold, in seconds (required here or in the body).",
            "schema": {
              "type": "number",
              "minimum": 0.05,
              "maximum": 600
            }
          }
        ],
        "requestBody": {
          "required": false,
          "description": "Parameters may come in the query, a form body or a JSON body (JSON wins over form, form over query). A JSON body is an object of strings, numbers and booleans.",
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "seconds": {
                    "type": "number",
                    "minimum": 0.05,
                    "maximum": 600
                  }
                },
                "additionalProperties": true
              }
            },
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "properties": {
                  "seconds": {
                    "type": "number",
                    "minimum": 0.05,
                    "maximum": 600
                  }
                },
                "additionalProperties": true
              }
            }
          }
        }
      }
    },
    "/meter/reset": {
      "post": {
        "operationId": "meterReset",
        "summary": "Clear the meter",
        "description": "Removes every segment.",
        "tags": [
          "meter"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/MeterReply"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        }
      }
    },
    "/meter/config": {
      "put": {
        "operationId": "meterConfig",
        "summary": "Set the recording duration",
        "description": "Only while the meter is empty (409 otherwise).",
        "tags": [
          "meter"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/MeterReply"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        },
        "parameters": [
          {
            "name": "duration",
            "in": "query",
            "required": false,
            "description": "Seconds for a full ring (required here or in the body).",
            "schema": {
              "type": "number",
              "minimum": 1,
              "maximum": 600
            }
          }
        ],
        "requestBody": {
          "required": false,
          "description": "Parameters may come in the query, a form body or a JSON body (JSON wins over form, form over query). A JSON body is an object of strings, numbers and booleans.",
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "duration": {
                    "type": "number",
                    "minimum": 1,
                    "maximum": 600
                  }
                },
                "additionalProperties": true
              }
            },
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "properties": {
                  "duration": {
                    "type": "number",
                    "minimum": 1,
                    "maximum": 600
                  }
                },
                "additionalProperties": true
              }
            }
          }
        }
      }
    },
    "/player/play": {
      "post": {
        "operationId": "playerPlay",
        "summary": "Play the music player",
        "description": "Starts playback: the artwork turns into a spinning disc and progress ticks.",
        "tags": [
          "player"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PlayerReply"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        }
      }
    },
    "/player/pause": {
      "post": {
        "operationId": "playerPause",
        "summary": "Pause the music player",
        "description": "Pauses playback.",
        "tags": [
          "player"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PlayerReply"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        }
      }
    },
    "/player/toggle": {
      "post": {
        "operationId": "playerToggle",
        "summary": "Toggle the music player",
        "description": "Plays when paused, pauses when playing.",
        "tags": [
          "player"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PlayerReply"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        }
      }
    },
    "/player/restart": {
      "post": {
        "operationId": "playerRestart",
        "summary": "Restart the music player",
        "description": "Back to progress 0, keeping the play state.",
        "tags": [
          "player"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PlayerReply"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        }
      }
    },
    "/player/seek": {
      "post": {
        "operationId": "playerSeek",
        "summary": "Set the progress",
        "description": "Progress in percent, rounded to a whole percent.",
        "tags": [
          "player"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PlayerReply"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        },
        "parameters": [
          {
            "name": "progress",
            "in": "query",
            "required": false,
            "description": "Percent, 0–100 (required here or in the body).",
            "schema": {
              "type": "number",
              "minimum": 0,
              "maximum": 100
            }
          }
        ],
        "requestBody": {
          "required": false,
          "description": "Parameters may come in the query, a form body or a JSON body (JSON wins over form, form over query). A JSON body is an object of strings, numbers and booleans.",
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "progress": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 100
                  }
                },
                "additionalProperties": true
              }
            },
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "properties": {
                  "progress": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 100
                  }
                },
                "additionalProperties": true
              }
            }
          }
        }
      }
    },
    "/player/artwork": {
      "put": {
        "operationId": "playerArtwork",
        "summary": "Replace the artwork",
        "description": "A PNG of at most 8 MiB and 4096×4096 pixels. Larger dimensions are refused from the PNG header, before any pixel is decoded (413); a body over 8 MiB is refused before it is read (413). On any error the previous artwork stays.",
        "tags": [
          "player"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PlayerReply"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "description": "The body is over 8 MiB, or the image is larger than 4096×4096 pixels.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "image/png": {
              "schema": {
                "type": "string",
                "contentMediaType": "image/png",
                "contentEncoding": "binary",
                "maxLength": 8388608
              }
            }
          }
        }
      }
    },
    "/play-button/mode": {
      "post": {
        "operationId": "playButtonMode",
        "summary": "Change the play button's mode",
        "description": "Animates (or with animated=false jumps) to the mode; a change mid-animation is interrupted as the original does.",
        "tags": [
          "play-button"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PlayButtonReply"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        },
        "parameters": [
          {
            "name": "mode",
            "in": "query",
            "required": false,
            "description": "The new mode (required here or in the body).",
            "schema": {
              "$ref": "#/components/schemas/PlayButtonMode"
            }
          },
          {
            "name": "animated",
            "in": "query",
            "required": false,
            "description": "Animate the change.",
            "schema": {
              "type": "boolean",
              "default": true
            }
          }
        ],
        "requestBody": {
          "required": false,
          "description": "Parameters may come in the query, a form body or a JSON body (JSON wins over form, form over query). A JSON body is an object of strings, numbers and booleans.",
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "mode": {
                    "$ref": "#/components/schemas/PlayButtonMode"
                  },
                  "animated": {
                    "type": "boolean"
                  }
                },
                "additionalProperties": true
              }
            },
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "properties": {
                  "mode": {
                    "$ref": "#/components/schemas/PlayButtonMode"
                  },
                  "animated": {
                    "type": "boolean"
                  }
                },
                "additionalProperties": true
              }
            }
          }
        }
      }
    },
    "/play-button/highlighted": {
      "post": {
        "operationId": "playButtonHighlighted",
        "summary": "Set highlighted",
        "description": "The pressed-down look (scaled down, tinted).",
        "tags": [
          "play-button"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PlayButtonReply"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        },
        "parameters": [
          {
            "name": "value",
            "in": "query",
            "required": false,
            "description": "true or false (required here or in the body).",
            "schema": {
              "type": "boolean"
            }
          }
        ],
        "requestBody": {
          "required": false,
          "description": "Parameters may come in the query, a form body or a JSON body (JSON wins over form, form over query). A JSON body is an object of strings, numbers and booleans.",
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "boolean"
                  }
                },
                "additionalProperties": true
              }
            },
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "boolean"
                  }
                },
                "additionalProperties": true
              }
            }
          }
        }
      }
    },
    "/play-button/enabled": {
      "post": {
        "operationId": "playButtonEnabled",
        "summary": "Set enabled",
        "description": "Disabled buttons are dimmed.",
        "tags": [
          "play-button"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PlayButtonReply"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        },
        "parameters": [
          {
            "name": "value",
            "in": "query",
            "required": false,
            "description": "true or false (required here or in the body).",
            "schema": {
              "type": "boolean"
            }
          }
        ],
        "requestBody": {
          "required": false,
          "description": "Parameters may come in the query, a form body or a JSON body (JSON wins over form, form over query). A JSON body is an object of strings, numbers and booleans.",
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "boolean"
                  }
                },
                "additionalProperties": true
              }
            },
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "properties": {
                  "value": {
                    "type": "boolean"
                  }
                },
                "additionalProperties": true
              }
            }
          }
        }
      }
    },
    "/play-button/theme": {
      "put": {
        "operationId": "playButtonTheme",
        "summary": "Set the play button's colour theme",
        "description": "The theme by name, as `theme=`, `value=`, or the whole form body (`curl -X PUT -d sample`).",
        "tags": [
          "play-button"
        ],
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "The control's new state and the scene time the command applied at.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PlayButtonReply"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/CrossOrigin"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          }
        },
        "parameters": [
          {
            "name": "theme",
            "in": "query",
            "required": false,
            "description": "The theme's name.",
            "schema": {
              "$ref": "#/components/schemas/PlayButtonTheme"
            }
          }
        ],
        "requestBody": {
          "required": false,
          "description": "Parameters may come in the query, a form body or a JSON body (JSON wins over form, form over query). A JSON body is an object of strings, numbers and booleans.",
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "properties": {
                  "theme": {
                    "$ref": "#/components/schemas/PlayButtonTheme"
                  }
                },
                "additionalProperties": true
              }
            },
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "properties": {
                  "theme": {
                    "$ref": "#/components/schemas/PlayButtonTheme"
                  }
                },
                "additionalProperties": true
              }
            }
          }
        }
      }
    },
    "/play-button/paths": {
      "get": {
        "operationId": "playButtonPaths",
        "summary": "One of the play button's shapes as path elements",
        "tags": [
          "play-button"
        ],
        "description": "In the 44×44 design space, so anyone can check that every shape has the same element structure (morphs need it).",
        "parameters": [
          {
            "name": "shape",
            "in": "query",
            "required": true,
            "description": "Which shape.",
            "schema": {
              "$ref": "#/components/schemas/ShapeName"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The shape's elements.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ShapePath"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadParameter"
          }
        }
      }
    },
    "/{file}": {
      "get": {
        "operationId": "staticFile",
        "summary": "The web page and its files",
        "tags": [
          "page"
        ],
        "x-layercast-route": "/*",
        "description": "Regular files below the --public folder only (`/` serves index.html). `..`, encoded slashes, backslashes, NUL bytes and symlinks leading out of the folder answer 404; directories are never listed. Every file carries X-Content-Type-Options: nosniff and Cache-Control: no-cache with an ETag.",
        "parameters": [
          {
            "name": "file",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "example": "index.html",
            "description": "A file's path below the public folder."
          }
        ],
        "responses": {
          "200": {
            "description": "The file.",
            "headers": {
              "X-Content-Type-Options": {
                "schema": {
                  "type": "string",
                  "const": "nosniff"
                }
              },
              "Cache-Control": {
                "schema": {
                  "type": "string",
                  "const": "no-cache"
                }
              },
              "ETag": {
                "schema": {
                  "type": "string"
                }
              }
            },
            "content": {
              "*/*": {
                "schema": {
                  "type": "string",
                  "contentEncoding": "binary"
                }
              }
            }
          },
          "304": {
            "description": "Not modified (If-None-Match or If-Modified-Since)."
          },
          "404": {
            "description": "No such file (or one the server will not serve).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    }
  },
  "components": {
    "schemas": {
      "Error": {
        "type": "object",
        "required": [
          "error"
        ],
        "description": "Every error the server produces. `parameter` names the parameter at fault and `allowed` says what it accepts, where that helps. 404 adds `path`; 405 adds `method`, `path` and `allowed` as a list of methods; 413 adds `limit` (bytes).",
        "properties": {
          "error": {
            "type": "string",
            "description": "What is wrong, for a person."
          },
          "parameter": {
            "type": "string"
          },
          "allowed": {
            "oneOf": [
              {
                "type": "string"
              },
              {
                "type": "array",
                "items": {
                  "type": "string"
                }
              }
            ]
          },
          "path": {
            "type": "string"
          },
          "method": {
            "type": "string"
          },
          "limit": {
            "type": "integer"
          },
          "detail": {
            "type": "string"
          }
        },
        "additionalProperties": false
      },
      "Revision": {
        "type": "integer",
        "minimum": 0,
        "description": "How many commands (on the controls or on the clock) the server had applied when this was taken; each command raises it by one. Order states by it, not by sceneTime, which steps back when the clock is stepped back. It starts again from 0 when the server restarts."
      },
      "Clock": {
        "type": "object",
        "required": [
          "sceneTime",
          "paused",
          "speed",
          "fps"
        ],
        "additionalProperties": false,
        "properties": {
          "sceneTime": {
            "type": "number",
            "description": "Seconds on the scene's one animation clock."
          },
          "paused": {
            "type": "boolean"
          },
          "speed": {
            "type": "number",
            "minimum": 0.05,
            "maximum": 8
          },
          "fps": {
            "type": "integer",
            "minimum": 1,
            "maximum": 60,
            "description": "The server's default stream rate."
          }
        }
      },
      "ClockReply": {
        "type": "object",
        "description": "The clock, as GET and POST /clock answer: the Clock's fields and the revision.",
        "required": [
          "sceneTime",
          "paused",
          "speed",
          "fps",
          "revision"
        ],
        "additionalProperties": false,
        "properties": {
          "sceneTime": {
            "$ref": "#/components/schemas/Clock/properties/sceneTime"
          },
          "paused": {
            "$ref": "#/components/schemas/Clock/properties/paused"
          },
          "speed": {
            "$ref": "#/components/schemas/Clock/properties/speed"
          },
          "fps": {
            "$ref": "#/components/schemas/Clock/properties/fps"
          },
          "revision": {
            "$ref": "#/components/schemas/Revision"
          }
        }
      },
      "SpinnerState": {
        "type": "object",
        "required": [
          "animating",
          "model",
          "presentation"
        ],
        "additionalProperties": false,
        "properties": {
          "animating": {
            "type": "boolean"
          },
          "model": {
            "$ref": "#/components/schemas/SpinnerValues"
          },
          "presentation": {
            "$ref": "#/components/schemas/SpinnerValues"
          }
        }
      },
      "SpinnerValues": {
        "type": "object",
        "required": [
          "strokeStart",
          "strokeEnd",
          "rotation"
        ],
        "additionalProperties": false,
        "properties": {
          "strokeStart": {
            "type": "number"
          },
          "strokeEnd": {
            "type": "number"
          },
          "rotation": {
            "type": "number",
            "description": "Radians, clockwise on screen."
          }
        }
      },
      "MeterState": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "duration",
          "recording",
          "complete",
          "elapsed",
          "remaining",
          "label",
          "segmentCount",
          "segments",
          "track"
        ],
        "properties": {
          "duration": {
            "type": "number",
            "minimum": 1,
            "maximum": 600
          },
          "recording": {
            "type": "boolean"
          },
          "complete": {
            "type": "boolean"
          },
          "elapsed": {
            "type": "number",
            "minimum": 0
          },
          "remaining": {
            "type": "number"
          },
          "label": {
            "type": "string",
            "pattern": "^[0-9]+:[0-9]{2}\\.[0-9]$"
          },
          "segmentCount": {
            "type": "integer",
            "minimum": 0
          },
          "segments": {
            "type": "array",
            "description": "Oldest first; together they cover the recorded part of the ring without gaps.",
            "items": {
              "type": "object",
              "required": [
                "color",
                "model",
                "presentation"
              ],
              "additionalProperties": false,
              "properties": {
                "color": {
                  "type": "string",
                  "pattern": "^#[0-9a-f]{6}$"
                },
                "model": {
                  "type": "object",
                  "required": [
                    "strokeStart",
                    "strokeEnd"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "strokeStart": {
                      "type": "number",
                      "minimum": 0,
                      "maximum": 1
                    },
                    "strokeEnd": {
                      "type": "number",
                      "minimum": 0,
                      "maximum": 1
                    }
                  }
                },
                "presentation": {
                  "type": "object",
                  "required": [
                    "strokeStart",
                    "strokeEnd"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "strokeStart": {
                      "type": "number",
                      "minimum": 0,
                      "maximum": 1
                    },
                    "strokeEnd": {
                      "type": "number",
                      "minimum": 0,
                      "maximum": 1
                    }
                  }
                }
              }
            }
          },
          "track": {
            "type": "object",
            "required": [
              "modelStrokeStart",
              "presentationStrokeStart"
            ],
            "additionalProperties": false,
            "properties": {
              "modelStrokeStart": {
                "type": "number",
                "minimum": 0,
                "maximum": 1
              },
              "presentationStrokeStart": {
                "type": "number",
                "minimum": 0,
                "maximum": 1
              }
            }
          },
          "scheduledRelease": {
            "type": "number",
            "description": "When a pending hold releases (scene time); absent when none."
          }
        }
      },
      "PlayerState": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "playing",
          "progress",
          "ringStrokeEnd",
          "blurOpacity",
          "maskScale",
          "rotation",
          "artwork"
        ],
        "properties": {
          "playing": {
            "type": "boolean"
          },
          "progress": {
            "type": "object",
            "required": [
              "model",
              "presentation"
            ],
            "additionalProperties": false,
            "properties": {
              "model": {
                "type": "integer",
                "minimum": 0,
                "maximum": 100,
                "description": "The ticker's integer progress."
              },
              "presentation": {
                "type": "number",
                "minimum": 0,
                "maximum": 100,
                "description": "The ring's presented strokeEnd × 100."
              }
            }
          },
          "ringStrokeEnd": {
            "type": "object",
            "required": [
              "model",
              "presentation"
            ],
            "additionalProperties": false,
            "properties": {
              "model": {
                "type": "number"
              },
              "presentation": {
                "type": "number"
              }
            }
          },
          "blurOpacity": {
            "type": "object",
            "required": [
              "model",
              "presentation"
            ],
            "additionalProperties": false,
            "properties": {
              "model": {
                "type": "number"
              },
              "presentation": {
                "type": "number"
              }
            },
            "description": "0 sharp, 1 fully blurred."
          },
          "maskScale": {
            "type": "object",
            "required": [
              "model",
              "presentation"
            ],
            "additionalProperties": false,
            "properties": {
              "model": {
                "type": "number"
              },
              "presentation": {
                "type": "number"
              }
            },
            "description": "1.5 square, 1.0 disc."
          },
          "rotation": {
            "type": "object",
            "required": [
              "radians",
              "degrees"
            ],
            "additionalProperties": false,
            "properties": {
              "radians": {
                "type": "number"
              },
              "degrees": {
                "type": "number"
              }
            }
          },
          "nextTick": {
            "type": "number",
            "description": "When the next progress tick is due; absent while the ticker is stopped."
          },
          "artwork": {
            "type": "object",
            "required": [
              "id",
              "width",
              "height",
              "isDefault"
            ],
            "additionalProperties": false,
            "properties": {
              "id": {
                "type": "integer",
                "minimum": 0
              },
              "width": {
                "type": "integer",
                "minimum": 1,
                "maximum": 4096
              },
              "height": {
                "type": "integer",
                "minimum": 1,
                "maximum": 4096
              },
              "isDefault": {
                "type": "boolean"
              }
            }
          }
        }
      },
      "PathElement": {
        "type": "object",
        "required": [
          "kind",
          "points"
        ],
        "additionalProperties": false,
        "properties": {
          "kind": {
            "type": "string",
            "enum": [
              "move",
              "line",
              "cubic",
              "close"
            ]
          },
          "points": {
            "type": "array",
            "items": {
              "type": "object",
              "required": [
                "x",
                "y"
              ],
              "additionalProperties": false,
              "properties": {
                "x": {
                  "type": "number"
                },
                "y": {
                  "type": "number"
                }
              }
            },
            "maxItems": 3,
            "description": "One point for move and line, control points then end point for cubic, none for close."
          }
        }
      },
      "PlayButtonShape": {
        "type": "object",
        "required": [
          "rotation",
          "fill",
          "path"
        ],
        "additionalProperties": false,
        "properties": {
          "rotation": {
            "type": "number",
            "description": "Degrees, clockwise on screen."
          },
          "fill": {
            "type": "string",
            "pattern": "^#[0-9a-f]{6}$"
          },
          "path": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/PathElement"
            }
          }
        }
      },
      "PlayButtonState": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "mode",
          "animationState",
          "highlighted",
          "enabled",
          "theme",
          "rotation",
          "background",
          "scale",
          "opacity",
          "left",
          "right"
        ],
        "properties": {
          "mode": {
            "$ref": "#/components/schemas/PlayButtonMode"
          },
          "animationState": {
            "type": "string",
            "pattern": "^[A-Za-z]+\\.[A-Za-z]+$",
            "description": "The state machine's dotted name, e.g. barToPause.barSplit."
          },
          "highlighted": {
            "type": "boolean"
          },
          "enabled": {
            "type": "boolean"
          },
          "theme": {
            "$ref": "#/components/schemas/PlayButtonTheme"
          },
          "rotation": {
            "type": "number"
          },
          "background": {
            "type": "string",
            "pattern": "^#[0-9a-f]{6}$"
          },
          "scale": {
            "type": "number"
          },
          "opacity": {
            "type": "number",
            "minimum": 0,
            "maximum": 1
          },
          "left": {
            "$ref": "#/components/schemas/PlayButtonShape"
          },
          "right": {
            "$ref": "#/components/schemas/PlayButtonShape"
          }
        }
      },
      "PlayButtonMode": {
        "type": "string",
        "enum": [
          "buffering",
          "pause",
          "play",
          "stop"
        ]
      },
      "PlayButtonTheme": {
        "type": "string",
        "enum": [
          "default",
          "sample"
        ]
      },
      "ShapeName": {
        "type": "string",
        "enum": [
          "triangle",
          "bar",
          "pause-left",
          "pause-right",
          "square",
          "dot-left",
          "dot-right"
        ]
      },
      "SceneState": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "sceneTime",
          "revision",
          "clock",
          "spinner",
          "meter",
          "player",
          "playButton"
        ],
        "properties": {
          "sceneTime": {
            "type": "number"
          },
          "revision": {
            "$ref": "#/components/schemas/Revision"
          },
          "clock": {
            "$ref": "#/components/schemas/Clock"
          },
          "spinner": {
            "$ref": "#/components/schemas/SpinnerState"
          },
          "meter": {
            "$ref": "#/components/schemas/MeterState"
          },
          "player": {
            "$ref": "#/components/schemas/PlayerState"
          },
          "playButton": {
            "$ref": "#/components/schemas/PlayButtonState"
          }
        }
      },
      "ShapePath": {
        "type": "object",
        "required": [
          "shape",
          "elementCount",
          "kinds",
          "elements"
        ],
        "additionalProperties": false,
        "properties": {
          "shape": {
            "$ref": "#/components/schemas/ShapeName"
          },
          "elementCount": {
            "type": "integer",
            "minimum": 0
          },
          "kinds": {
            "type": "string",
            "pattern": "^[MLCZ]( [MLCZ])*$"
          },
          "elements": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/PathElement"
            }
          }
        }
      },
      "MeterReply": {
        "type": "object",
        "description": "A command's answer: the control's new state, the scene time the command applied at, and its revision.",
        "required": [
          "sceneTime",
          "revision",
          "state"
        ],
        "additionalProperties": false,
        "properties": {
          "sceneTime": {
            "type": "number",
            "description": "Scene time the command applied at (seconds)."
          },
          "revision": {
            "$ref": "#/components/schemas/Revision"
          },
          "state": {
            "$ref": "#/components/schemas/MeterState"
          }
        }
      },
      "PlayButtonReply": {
        "type": "object",
        "description": "A command's answer: the control's new state, the scene time the command applied at, and its revision.",
        "required": [
          "sceneTime",
          "revision",
          "state"
        ],
        "additionalProperties": false,
        "properties": {
          "sceneTime": {
            "type": "number",
            "description": "Scene time the command applied at (seconds)."
          },
          "revision": {
            "$ref": "#/components/schemas/Revision"
          },
          "state": {
            "$ref": "#/components/schemas/PlayButtonState"
          }
        }
      },
      "PlayerReply": {
        "type": "object",
        "description": "A command's answer: the control's new state, the scene time the command applied at, and its revision.",
        "required": [
          "sceneTime",
          "revision",
          "state"
        ],
        "additionalProperties": false,
        "properties": {
          "sceneTime": {
            "type": "number",
            "description": "Scene time the command applied at (seconds)."
          },
          "revision": {
            "$ref": "#/components/schemas/Revision"
          },
          "state": {
            "$ref": "#/components/schemas/PlayerState"
          }
        }
      },
      "SpinnerReply": {
        "type": "object",
        "description": "A command's answer: the control's new state, the scene time the command applied at, and its revision.",
        "required": [
          "sceneTime",
          "revision",
          "state"
        ],
        "additionalProperties": false,
        "properties": {
          "sceneTime": {
            "type": "number",
            "description": "Scene time the command applied at (seconds)."
          },
          "revision": {
            "$ref": "#/components/schemas/Revision"
          },
          "state": {
            "$ref": "#/components/schemas/SpinnerState"
          }
        }
      },
      "Layout": {
        "type": "object",
        "description": "How a `control=all` frame lays the controls out, so a client can cut it into one picture per control.",
        "required": [
          "controls",
          "arrangements",
          "cellMargin",
          "maxFrameSide"
        ],
        "additionalProperties": false,
        "properties": {
          "controls": {
            "type": "array",
            "description": "The controls in cell order: left to right, then top to bottom.",
            "items": {
              "type": "string",
              "enum": [
                "meter",
                "play-button",
                "player",
                "spinner"
              ]
            }
          },
          "arrangements": {
            "type": "array",
            "minItems": 1,
            "description": "Tried in order: the first whose minAspect ≤ width / height is used.",
            "items": {
              "type": "object",
              "required": [
                "minAspect",
                "columns",
                "rows"
              ],
              "additionalProperties": false,
              "properties": {
                "minAspect": {
                  "type": "number",
                  "minimum": 0
                },
                "columns": {
                  "type": "integer",
                  "minimum": 1
                },
                "rows": {
                  "type": "integer",
                  "minimum": 1
                }
              }
            }
          },
          "cellMargin": {
            "type": "number",
            "minimum": 0,
            "maximum": 0.5,
            "description": "Each control's inset within its cell, as a fraction of the cell's shorter side."
          },
          "maxFrameSide": {
            "type": "integer",
            "description": "The largest width or height a frame request may ask for, in points; a stream whose pixel sides stay within it also stays within the pixel limit."
          }
        }
      }
    },
    "parameters": {
      "control": {
        "name": "control",
        "in": "query",
        "required": false,
        "description": "What the frame shows: the four controls in a grid, or one of them alone.",
        "schema": {
          "type": "string",
          "enum": [
            "all",
            "meter",
            "play-button",
            "player",
            "spinner"
          ],
          "default": "all"
        }
      },
      "size": {
        "name": "size",
        "in": "query",
        "required": false,
        "description": "Width and height in points (default: the server's --size). Pixels are points × scale; width × height × scale² may be at most 4096×4096.",
        "schema": {
          "type": "integer",
          "minimum": 16,
          "maximum": 4096,
          "default": 480
        }
      },
      "width": {
        "name": "width",
        "in": "query",
        "required": false,
        "description": "Width in points; default `size`.",
        "schema": {
          "type": "integer",
          "minimum": 16,
          "maximum": 4096
        }
      },
      "height": {
        "name": "height",
        "in": "query",
        "required": false,
        "description": "Height in points; default `size`.",
        "schema": {
          "type": "integer",
          "minimum": 16,
          "maximum": 4096
        }
      },
      "scale": {
        "name": "scale",
        "in": "query",
        "required": false,
        "description": "Pixels per point.",
        "schema": {
          "type": "number",
          "minimum": 1,
          "maximum": 3,
          "default": 1
        }
      },
      "quality": {
        "name": "quality",
        "in": "query",
        "required": false,
        "description": "JPEG (and lossy WebP) quality; PNG and GIF ignore it.",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 80
        }
      },
      "background": {
        "name": "background",
        "in": "query",
        "required": false,
        "description": "A colour #rrggbb or a name (light is #f8f8f8 and dark #333333, as Storybook's). Names are case-insensitive. On a dark colour (relative luminance below 0.3) the meter's label is drawn light.",
        "schema": {
          "type": "string",
          "default": "white",
          "pattern": "^(#?[0-9A-Fa-f]{6}|white|light|dark|black|transparent|checkerboard)$"
        }
      },
      "label": {
        "name": "label",
        "in": "query",
        "required": false,
        "description": "Whether the recording meter shows its elapsed-time label. It is an input to the frame, not part of the scene, so /state does not report it.",
        "schema": {
          "type": "string",
          "enum": [
            "on",
            "off"
          ],
          "default": "on"
        }
      },
      "debug": {
        "name": "debug",
        "in": "query",
        "required": false,
        "description": "Debug overlays: path points, layer bounds, both, or none.",
        "schema": {
          "type": "string",
          "pattern": "^(points|bounds|none)(,(points|bounds|none))*$"
        }
      },
      "ahead": {
        "name": "ahead",
        "in": "query",
        "required": false,
        "description": "Show the scene this many seconds from now, as it will be if no further command arrives.",
        "schema": {
          "type": "number",
          "minimum": 0,
          "maximum": 60,
          "default": 0
        }
      },
      "variants": {
        "name": "variants",
        "in": "query",
        "required": false,
        "description": "Show several variants side by side: modes (play-button, meter, player or spinner), themes (play-button only) or scales (1×, 2×, 3×; leave out `scale`). Cells default to 240 points.",
        "schema": {
          "type": "string",
          "enum": [
            "modes",
            "themes",
            "scales"
          ]
        }
      }
    },
    "responses": {
      "BadParameter": {
        "description": "A parameter is missing or out of range, or the body is malformed; `parameter` and `allowed` say which and what.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "CrossOrigin": {
        "description": "The request carries an Origin header that is not this server (scheme://host:port matching the Host header) nor one given with --allow-origin. Browsers send Origin; curl and scripts do not.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Unauthorized": {
        "description": "The server runs with --token and the request did not carry `Authorization: Bearer <token>`.",
        "headers": {
          "WWW-Authenticate": {
            "schema": {
              "type": "string",
              "const": "Bearer"
            }
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "TooLarge": {
        "description": "The body is larger than the route accepts (64 KiB for commands, 8 MiB for artwork); it is refused before it is read.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "UnsupportedMediaType": {
        "description": "The body's Content-Type is not one the route reads.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Conflict": {
        "description": "The command does not apply in the current state; `allowed` says what to do first.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      }
    },
    "securitySchemes": {
      "bearer": {
        "type": "http",
        "scheme": "bearer",
        "description": "Only when the server runs with --token; GET routes never need it."
      }
    }
  }
}
"""#
}
