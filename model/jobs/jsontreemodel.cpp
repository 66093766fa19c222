// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsontreemodel.h"
#include "themecolors.h"

#include <QFont>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

namespace {
constexpr int ValueTextLimit = 300; // characters of a string shown in its cell
constexpr int ToolTipLimit = 4000;  // characters of a string in its tooltip

QString typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Object: return JsonTreeModel::tr("object");
    case QJsonValue::Array: return JsonTreeModel::tr("array");
    case QJsonValue::String: return JsonTreeModel::tr("string");
    case QJsonValue::Double: return JsonTreeModel::tr("number");
    case QJsonValue::Bool: return JsonTreeModel::tr("boolean");
    case QJsonValue::Null: return JsonTreeModel::tr("null");
    default: return {};
    }
}

// One line of a string for a cell: newlines and tabs shown as symbols, long text cut.
QString oneLine(const QString &text)
{
    QString line = text.left(ValueTextLimit);
    line.replace(QLatin1Char('\n'), QChar(0x23CE))
        .replace(QLatin1Char('\r'), QString())
        .replace(QLatin1Char('\t'), QChar(0x21E5));
    if (text.size() > ValueTextLimit)
        line += QChar(0x2026);
    return QLatin1Char('"') + line + QLatin1Char('"');
}
} // namespace

struct JsonTreeModel::Node
{
    QString key;
    QJsonValue value;
    QString text; // a string value's cell, cut once when the node is made
    QString tip;  // and its tooltip (empty for short strings)
    Node *parent = nullptr;
    int row = 0;
    int shown = 0;                               // children shown as rows
    bool moreRow = false;                        // a "… N more" row follows them
    std::vector<std::unique_ptr<Node>> children; // made on first use, up to `shown`
};

struct JsonTreeModel::Parsed
{
    std::unique_ptr<Node> root = std::make_unique<Node>();
    bool valid = true;
    QString error;
};

int JsonTreeModel::total(const Node *node)
{
    if (node->value.isObject())
        return int(node->value.toObject().size());
    if (node->value.isArray())
        return int(node->value.toArray().size());
    return 0;
}

void JsonTreeModel::setValue(Node *node, QJsonValue value, int chunk)
{
    node->value = std::move(value);
    if (node->value.isString()) {
        // QJsonValue converts its whole string on every toString(): once here, not per paint.
        const QString whole = node->value.toString();
        node->text = oneLine(whole);
        if (whole.size() > 60)
            node->tip = whole.left(ToolTipLimit);
    }
    node->shown = qMin(total(node), chunk);
    node->moreRow = node->shown < total(node);
}

// The node of `node`'s child at `row`, made on first use.
JsonTreeModel::Node *JsonTreeModel::childOf(Node *node, int row, int chunk)
{
    if (node->children.size() < size_t(node->shown))
        node->children.resize(size_t(node->shown));
    std::unique_ptr<Node> &slot = node->children[size_t(row)];
    if (!slot) {
        slot = std::make_unique<Node>();
        slot->parent = node;
        slot->row = row;
        if (node->value.isArray()) {
            // The root of a bare value keeps its "(value)" key for its one row.
            slot->key = !node->parent && !node->key.isEmpty() ? node->key : QStringLiteral("[%1]").arg(row);
            setValue(slot.get(), node->value.toArray().at(row), chunk);
        } else {
            const QJsonObject object = node->value.toObject();
            const auto it = object.constBegin() + row;
            slot->key = it.key();
            setValue(slot.get(), it.value(), chunk);
        }
    }
    return slot.get();
}

JsonTreeModel::JsonTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
    , m_parsed(std::make_shared<Parsed>())
    , m_root(m_parsed->root.get())
{}

JsonTreeModel::~JsonTreeModel() = default;

bool JsonTreeModel::isValid() const
{
    return m_parsed->valid;
}

QString JsonTreeModel::errorString() const
{
    return m_parsed->error;
}

std::shared_ptr<JsonTreeModel::Parsed> JsonTreeModel::parse(const QString &text, int chunkSize)
{
    auto parsed = std::make_shared<Parsed>();
    Node *root = parsed->root.get();
    QJsonParseError error;
    const QByteArray utf8 = text.toUtf8();
    const QJsonDocument document = QJsonDocument::fromJson(utf8, &error);
    QJsonValue value;
    if (error.error == QJsonParseError::NoError) {
        value = document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
    } else {
        // QJsonDocument takes only objects and arrays; data may be a bare string or number.
        const QJsonDocument wrapped = QJsonDocument::fromJson(QByteArray(QByteArray("[") + utf8 + QByteArray("]")));
        if (wrapped.isArray() && wrapped.array().size() == 1) {
            value = QJsonArray{wrapped.array().at(0)};
            root->key = tr("(value)"); // marks the one row as the whole document
        } else {
            parsed->valid = false;
            parsed->error = tr("%1 at character %2").arg(error.errorString()).arg(error.offset);
        }
    }
    const int chunk = qMax(1, chunkSize);
    setValue(root, value, chunk);
    for (int row = 0; row < root->shown; ++row) {
        Node *top = childOf(root, row, chunk);
        if (root->shown > ExpandedBelowRows)
            continue;
        for (int below = 0; below < top->shown; ++below)
            childOf(top, below, chunk);
    }
    return parsed;
}

std::shared_ptr<JsonTreeModel::Parsed> JsonTreeModel::setParsed(std::shared_ptr<Parsed> parsed)
{
    if (!parsed)
        parsed = std::make_shared<Parsed>();
    beginResetModel();
    std::swap(m_parsed, parsed);
    m_root = m_parsed->root.get();
    endResetModel();
    return parsed;
}

void JsonTreeModel::setJson(const QString &text)
{
    setParsed(parse(text, m_chunk));
}

JsonTreeModel::Node *JsonTreeModel::child(Node *node, int row) const
{
    return childOf(node, row, m_chunk);
}

JsonTreeModel::Node *JsonTreeModel::nodeOf(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return m_root;
    auto *above = static_cast<Node *>(parent.internalPointer());
    if (parent.row() >= above->shown)
        return nullptr; // the "… more" row has no children
    return child(above, parent.row());
}

bool JsonTreeModel::isMoreRow(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return false;
    return index.row() >= static_cast<Node *>(index.internalPointer())->shown;
}

void JsonTreeModel::showMore(const QModelIndex &moreRow)
{
    if (!isMoreRow(moreRow))
        return;
    auto *node = static_cast<Node *>(moreRow.internalPointer());
    const QModelIndex parentIndex = moreRow.parent();
    // The "… more" row goes and comes back below the new chunk: a row whose text changes in
    // place while rows are inserted above it would break views' bookkeeping.
    const int add = qMin(m_chunk, total(node) - node->shown);
    beginRemoveRows(parentIndex, node->shown, node->shown);
    node->moreRow = false;
    endRemoveRows();
    const bool stillMore = node->shown + add < total(node);
    beginInsertRows(parentIndex, node->shown, node->shown + add - 1 + (stillMore ? 1 : 0));
    node->shown += add;
    node->moreRow = stillMore;
    endInsertRows();
}

QModelIndex JsonTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    Node *node = nodeOf(parent);
    return node ? createIndex(row, column, node) : QModelIndex();
}

QModelIndex JsonTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    auto *above = static_cast<Node *>(child.internalPointer());
    if (above == m_root)
        return {};
    return createIndex(above->row, 0, above->parent);
}

int JsonTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    const Node *node = nodeOf(parent);
    return node ? node->shown + (node->moreRow ? 1 : 0) : 0;
}

int JsonTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

bool JsonTreeModel::hasChildren(const QModelIndex &parent) const
{
    return rowCount(parent) > 0;
}

QVariant JsonTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn: return tr("Key");
    case ValueColumn: return tr("Value");
    case TypeColumn: return tr("Type");
    default: return {};
    }
}

QVariant JsonTreeModel::display(const Node *node, int column) const
{
    const QJsonValue &value = node->value;
    switch (column) {
    case KeyColumn: return node->key;
    case TypeColumn: return typeName(value);
    case ValueColumn:
        switch (value.type()) {
        case QJsonValue::Object: {
            const qsizetype n = value.toObject().size();
            // The source reads right for any count but one without a translator (model tests);
            // qlessdesk_en gives "{1 key}".
            return tr("{%Ln keys}", nullptr, int(n));
        }
        case QJsonValue::Array: {
            const qsizetype n = value.toArray().size();
            return tr("[%Ln items]", nullptr, int(n));
        }
        case QJsonValue::String: return node->text;
        case QJsonValue::Double: return QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest);
        case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        case QJsonValue::Null: return QStringLiteral("null");
        default: return {};
        }
    default: return {};
    }
}

QVariant JsonTreeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    auto *above = static_cast<Node *>(index.internalPointer());
    if (index.row() >= above->shown) {
        switch (role) {
        case MoreRole: return true;
        case Qt::DisplayRole:
            if (index.column() != KeyColumn)
                return {};
            return tr("… %1 more (double-click to show)").arg(QLocale().toString(total(above) - above->shown));
        case Qt::ForegroundRole: return ThemeColors::text(ThemeColors::Tone::Muted);
        case Qt::FontRole: {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        default: return {};
        }
    }
    const Node *node = child(above, index.row());
    switch (role) {
    case Qt::DisplayRole: return display(node, index.column());
    case MoreRole: return false;
    case JsonRole: return QVariant::fromValue(node->value);
    case Qt::ToolTipRole:
        if (index.column() == ValueColumn && !node->tip.isEmpty())
            return node->tip;
        return {};
    case Qt::ForegroundRole:
        if (index.column() != ValueColumn)
            return {};
        // The colours JSON viewers use, so types read at a glance.
        switch (node->value.type()) {
        case QJsonValue::String: return ThemeColors::text(ThemeColors::Tone::Good);
        case QJsonValue::Double: return ThemeColors::text(ThemeColors::Tone::Info);
        case QJsonValue::Bool:
        case QJsonValue::Null: return ThemeColors::text(ThemeColors::Tone::Special);
        default: return ThemeColors::text(ThemeColors::Tone::Muted);
        }
    default: return {};
    }
}
