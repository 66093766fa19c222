#pragma once

#include <QAbstractItemModel>
#include <QJsonValue>

#include <memory>
#include <vector>

// A job's data (JSON text) as a collapsible tree: key, value, type. Nodes are made only when a
// view asks for them, and each node shows at most chunkSize() children followed by a "… N more"
// row; showMore() on that row shows the next chunk. So megabytes of data open without freezing
// the window, and nothing grows unless the operator asks (no fetchMore behind their back). Text that is not JSON leaves the tree empty: isValid() is false and
// errorString() says where the text broke; the view then shows the raw text, flagged as invalid.
class JsonTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonTreeModel)

public:
    enum Column { KeyColumn, ValueColumn, TypeColumn, ColumnCount };
    // True on the "… N more" row that closes a node shown in part.
    static constexpr int MoreRole = Qt::UserRole + 1;
    // The value behind a row (QJsonValue), for copying.
    static constexpr int JsonRole = Qt::UserRole + 2;

    explicit JsonTreeModel(QObject *parent = nullptr);
    ~JsonTreeModel() override;

    // Parses `text` and shows it (a reset: the tree is new).
    void setJson(const QString &text);
    bool isValid() const { return m_valid; }
    QString errorString() const { return m_error; }
    void setChunkSize(int rows) { m_chunk = qMax(1, rows); }
    int chunkSize() const { return m_chunk; }

    bool isMoreRow(const QModelIndex &index) const;
    // `moreRow` is a "… N more" row: its node shows its next chunk of children.
    void showMore(const QModelIndex &moreRow);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node;

    Node *nodeOf(const QModelIndex &parent) const; // the node whose children `parent`'s rows are
    Node *child(Node *node, int row) const;        // made on first use
    int total(const Node *node) const;
    QVariant display(const Node *node, int column) const;

    std::unique_ptr<Node> m_root;
    bool m_valid = true;
    QString m_error;
    int m_chunk = 500;
};
