"""The MQTT contract of the kit (docs/mqtt.md).

topics: the topic tree; payloads: versioned models, decode/encode; messages: decode by
topic; client: the paho wrapper; config: BrokerConfig; broker: mosquitto as a child
process; acl / passwords: broker accounts; schema: the JSON Schemas (the views are the
engine's typed models, `engine.viewmodels`: the bus does not describe them again).
"""
