//! A small element tree over quick-xml, enough for the feed: every value is element text
//! (no attributes matter), element order is not to be relied upon, empty elements come
//! self-closed (`<EventSeries />`), and the bytes are UTF-8 whatever any header says.

use quick_xml::events::Event;
use quick_xml::Reader;

/// An element: its local name (namespace prefixes dropped), its own text (entities
/// resolved; text around children concatenated) and its child elements in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Node {
    pub name: String,
    pub text: String,
    pub children: Vec<Node>,
}

/// XML that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlError(pub String);

impl std::fmt::Display for XmlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "malformed XML: {}", self.0)
    }
}

impl std::error::Error for XmlError {}

impl Node {
    /// The first child called `name`.
    pub fn child(&self, name: &str) -> Option<&Node> {
        self.children.iter().find(|c| c.name == name)
    }

    /// Every child called `name`.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Node> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The trimmed text of the first child called `name`; `""` when there is none.
    pub fn text_of(&self, name: &str) -> &str {
        self.child(name).map_or("", |c| c.text.trim())
    }

    /// Like [`Node::text_of`], `None` when missing or blank.
    pub fn opt_text(&self, name: &str) -> Option<&str> {
        Some(self.text_of(name)).filter(|t| !t.is_empty())
    }
}

fn name_of(raw: &[u8]) -> Result<String, XmlError> {
    String::from_utf8(raw.to_vec()).map_err(|_| XmlError("an element name is not UTF-8".into()))
}

/// Parses a whole document and returns its root element.
///
/// # Errors
/// [`XmlError`] for anything that is not one well-formed UTF-8 XML element tree.
pub fn parse(bytes: &[u8]) -> Result<Node, XmlError> {
    let mut reader = Reader::from_reader(bytes);
    reader.config_mut().trim_text(false);
    let mut stack: Vec<Node> = Vec::new();
    let mut root: Option<Node> = None;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| XmlError(format!("{e} at byte {}", reader.buffer_position())))?;
        match event {
            Event::Start(start) => {
                if root.is_some() {
                    return Err(XmlError("content after the root element".into()));
                }
                stack.push(Node {
                    name: name_of(start.local_name().as_ref())?,
                    ..Node::default()
                });
            }
            Event::Empty(empty) => {
                let node = Node {
                    name: name_of(empty.local_name().as_ref())?,
                    ..Node::default()
                };
                match stack.last_mut() {
                    Some(parent) => parent.children.push(node),
                    None if root.is_none() => root = Some(node),
                    None => return Err(XmlError("content after the root element".into())),
                }
            }
            Event::End(_) => {
                let node = stack
                    .pop()
                    .ok_or_else(|| XmlError("an end tag without a start".into()))?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(node),
                    None => root = Some(node),
                }
            }
            Event::Text(text) => {
                let text = text
                    .unescape()
                    .map_err(|e| XmlError(format!("bad text: {e}")))?;
                match stack.last_mut() {
                    Some(node) => node.text.push_str(&text),
                    None if text.trim().is_empty() => {}
                    None => return Err(XmlError("text outside the root element".into())),
                }
            }
            Event::CData(data) => {
                let data = std::str::from_utf8(data.as_ref())
                    .map_err(|_| XmlError("CDATA is not UTF-8".into()))?;
                if let Some(node) = stack.last_mut() {
                    node.text.push_str(data);
                }
            }
            Event::Eof => break,
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => {}
        }
    }
    if !stack.is_empty() {
        return Err(XmlError("the document ends inside an element".into()));
    }
    root.ok_or_else(|| XmlError("no root element".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_with_entities_self_closed_elements_and_prefixes() {
        let xml = "<?xml version=\"1.0\"?>\n<Root xmlns:xsd=\"x\">\n  <A>Guled &amp; Nasra &lt;3</A>\n  <Empty />\n  <xsd:B>b</xsd:B>\n  <A>second</A>\n</Root>";
        let root = parse(xml.as_bytes()).unwrap();
        assert_eq!(root.name, "Root");
        assert_eq!(root.text_of("A"), "Guled & Nasra <3");
        assert_eq!(root.text_of("Empty"), "");
        assert!(root.child("Empty").is_some());
        assert_eq!(root.opt_text("Empty"), None);
        assert_eq!(root.text_of("B"), "b");
        assert_eq!(root.all("A").count(), 2);
        assert_eq!(root.text_of("Missing"), "");
    }

    #[test]
    fn broken_documents_are_errors() {
        for bad in [
            "",
            "<Root>",
            "<Root><A></B></Root>",
            "<Root></Root><Other/>",
            "just text",
            "<Root>&bogus;</Root>",
        ] {
            assert!(parse(bad.as_bytes()).is_err(), "{bad:?}");
        }
        assert!(parse(b"<Root>\xff\xfe</Root>").is_err());
    }
}
