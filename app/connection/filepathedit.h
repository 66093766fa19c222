// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLineEdit;
class QToolButton;

// A path field with a "Browse…" button. The file dialog opens without a nested event loop
// (QDialog::open), so the connection dialog never blocks while it is up.
class FilePathEdit final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilePathEdit)

public:
    // `caption` titles the file dialog; `nameFilter` e.g. "PEM files (*.pem *.crt)".
    explicit FilePathEdit(const QString &caption, const QString &nameFilter, QWidget *parent = nullptr);

    QString path() const; // trimmed
    void setPath(const QString &path);
    void setPlaceholderText(const QString &text);
    QLineEdit *lineEdit() const;
    QToolButton *browseButton() const;

signals:
    void pathChanged(const QString &path);

private:
    void browse();

    QString m_caption;
    QString m_nameFilter;
    QLineEdit *m_edit;
    QToolButton *m_browse;
};
