"""The MQTT contract of the kit (docs/mqtt.md).

topics: the topic tree; payloads: versioned models, decode/encode; messages: decode by
topic; client: the paho wrapper; config: BrokerConfig; broker: mosquitto as a child
process; acl / passwords: broker accounts; secrecy: the bus's own leak check.
"""
